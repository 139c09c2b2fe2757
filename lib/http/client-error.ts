/*
 * No imports on purpose: app/error.tsx (a client component) reads this too.
 */

/** The digest prefix error.tsx reads to show a caller's error (409, 422…) instead of a 500. */
export const CLIENT_ERROR_DIGEST = "crewdeck-http";

/**
 * A 4xx a page cannot turn into a screen of its own. Next passes only an error's digest to
 * error.tsx in production (never its message), so the status and message travel there.
 */
export class PageClientError extends Error {
  readonly digest: string;
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.digest = `${CLIENT_ERROR_DIGEST};${status};${message}`;
  }
}

/** `crewdeck-http;409;The record…` → { status, message }, or null for any other digest. */
export function clientErrorOf(digest: string | undefined) {
  const m = new RegExp(`^${CLIENT_ERROR_DIGEST};(4\\d\\d);(.*)$`, "s").exec(digest ?? "");
  return m ? { status: Number(m[1]), message: m[2] } : null;
}

/** The digest error.tsx reads to show the "we'll be right back" screen (a 503, issue 27). */
export const UNAVAILABLE_DIGEST = "crewdeck-unavailable";

/**
 * A page's data could not be loaded because the database cannot be reached. The proxy answers
 * 503 before a page starts when it sees the outage (lib/http/outage.ts); this is for an outage
 * that begins while the page renders.
 */
export class PageUnavailableError extends Error {
  readonly digest = UNAVAILABLE_DIGEST;
}

export const isUnavailableDigest = (digest: string | undefined) => digest === UNAVAILABLE_DIGEST;
