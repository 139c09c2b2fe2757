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
