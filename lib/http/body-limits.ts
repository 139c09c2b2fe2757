/**
 * Request body limits, in bytes. next.config.ts reads them too, so this file imports nothing.
 * lib/http/body-limits.test.ts checks them against the upload rules of lib/files and every
 * endpoint's own limit.
 */

/** A JSON body (and any body that is not a form), on every route. */
export const JSON_BODY_LIMIT = 1024 * 1024;

/** What a multipart form adds around its file: boundaries, part headers, the other fields. */
export const MULTIPART_OVERHEAD = 64 * 1024;

/** The largest body any route accepts: a 10 MB document or client file in its form. */
export const LARGEST_ROUTE_BODY = 10 * 1024 * 1024 + MULTIPART_OVERHEAD;

/**
 * Server actions (Next's `serverActions.bodySizeLimit`): the largest file an action takes is
 * the agency logo (5 MB), in its form. Every other upload goes to an /api/v2 route.
 */
export const SERVER_ACTION_BODY_LIMIT = 5 * 1024 * 1024 + MULTIPART_OVERHEAD;

/**
 * Next copies each request body for proxy.ts and keeps at most this much of it (its
 * `proxyClientMaxBodySize`); a longer body reaches the route cut short. One byte above the
 * largest route limit, a body cut there is still over every route's limit: a 413, never a
 * truncated form read as a 400.
 */
export const PROXY_BODY_LIMIT = Math.max(LARGEST_ROUTE_BODY, SERVER_ACTION_BODY_LIMIT) + 1;
