/**
 * Request body limits, in bytes. next.config.mjs (plain JavaScript) holds copies of the two it
 * gives Next; lib/http/body-limits.test.ts checks those, and these against the upload rules of
 * lib/files and every endpoint's own limit.
 */

/** A JSON body (and any body that is not a form), on every route. */
export const JSON_BODY_LIMIT = 1024 * 1024;

/** What a multipart form adds around its file: boundaries, part headers, the other fields. */
export const MULTIPART_OVERHEAD = 64 * 1024;

/** The largest body an /api/v2 route accepts: a 10 MB document or client file in its form. */
export const LARGEST_ROUTE_BODY = 10 * 1024 * 1024 + MULTIPART_OVERHEAD;

/**
 * Server actions (Next's `serverActions.bodySizeLimit`): the largest file an action takes is
 * the agency logo (5 MB), in its form. Every other upload goes to an /api/v2 route.
 */
export const SERVER_ACTION_BODY_LIMIT = 5 * 1024 * 1024 + MULTIPART_OVERHEAD;

/**
 * Next copies the body of each request proxy.ts sees (`proxyClientMaxBodySize`), reading it to
 * its end and keeping at most this much; a longer one reaches the page cut short, at the last
 * chunk (up to 64 KB) below this size. API calls with a body skip the proxy (its matcher), so
 * this covers server actions and other posts to pages: 256 KB above the actions' limit, a cut
 * body is still over it and Next refuses the action for its size (tried: one byte above, a
 * cut body fell under the limit and failed later, as a half-read form).
 */
export const PROXY_BODY_LIMIT = SERVER_ACTION_BODY_LIMIT + 256 * 1024;
