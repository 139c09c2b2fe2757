/*
 * No imports on purpose: proxy.ts, lib/http/errors.ts and db/client.ts read this too.
 */

/**
 * Issue 27, PostgreSQL restarts mid-load: the failures that mean "the database cannot be reached
 * right now" rather than "this request is wrong" or "our code is wrong". Every adapter answers
 * them the same way (lib/http/errors.ts): 503 with a Retry-After, a JSON message on the API, the
 * "we'll be right back" page for a screen, the message in a toast for a server action.
 */
export const DATABASE_UNAVAILABLE_MESSAGE =
  "Crewdeck cannot reach its database right now. Nothing was saved. Please try again in a few seconds.";
export const DATABASE_UNAVAILABLE_TYPE = "database_unavailable";
/** Seconds a caller should wait before trying again (a fast restart takes a few). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Socket errors of the driver: the server is down, restarting or unreachable. */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

/**
 * SQLSTATEs of a server going away or not taking connections: 57P01 admin_shutdown (fast
 * shutdown, pg_terminate_backend), 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up,
 * shutting down), 53300 too_many_connections, and class 08, connection exception.
 */
const isUnavailableState = (code: string) =>
  code === "57P01" ||
  code === "57P02" ||
  code === "57P03" ||
  code === "53300" ||
  /^08[0-9A-Z]{3}$/.test(code);

/** node-postgres and pg-pool messages that carry no code. */
const MESSAGES = [
  /^Connection terminated/, // "… unexpectedly", "… due to connection timeout"
  /timeout exceeded when trying to connect/, // pg-pool's wait for a client
  /^timeout expired$/, // pg's own connection timeout (connectionTimeoutMillis of a client)
  /Client has encountered a connection error and is not queryable/,
  /Client was closed and is not queryable/,
  /^Query read timeout$/,
];

function isUnavailableOne(e: unknown): boolean {
  if (!e || typeof e !== "object") return false;
  const code = (e as { code?: unknown }).code;
  if (typeof code === "string" && (NETWORK_CODES.has(code) || isUnavailableState(code)))
    return true;
  const message = (e as { message?: unknown }).message;
  return typeof message === "string" && MESSAGES.some((m) => m.test(message));
}

/**
 * True when `err` (or what it wraps: drizzle's query error keeps the driver's in `cause`, Node
 * puts each address's refusal in an AggregateError's `errors`) says the database is unreachable.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  const seen = new Set<unknown>();
  const stack: { e: unknown; depth: number }[] = [{ e: err, depth: 0 }];
  while (stack.length) {
    const { e, depth } = stack.pop()!;
    if (!e || typeof e !== "object" || seen.has(e) || depth > 4) continue;
    seen.add(e);
    if (isUnavailableOne(e)) return true;
    stack.push({ e: (e as { cause?: unknown }).cause, depth: depth + 1 });
    const inner = (e as { errors?: unknown }).errors;
    if (Array.isArray(inner)) for (const x of inner) stack.push({ e: x, depth: depth + 1 });
  }
  return false;
}

// The proxy and the pages are bundled apart (db/index.ts): the last outage seen is process-wide.
const holder = globalThis as unknown as { __crewdeckDbDownAt?: number };

/** Remembers that a request just met the outage (the proxy then checks before each page). */
export function noteDatabaseDown(now = Date.now()): void {
  holder.__crewdeckDbDownAt = now;
}

export function noteDatabaseUp(): void {
  holder.__crewdeckDbDownAt = undefined;
}

/** An outage was met within the last `withinMs` and nothing has since said it is over. */
export function databaseRecentlyDown(withinMs = 60_000, now = Date.now()): boolean {
  const at = holder.__crewdeckDbDownAt;
  return at !== undefined && now - at < withinMs;
}

/** The words of the "we'll be right back" page (proxy.ts) and screen (app/error.tsx). */
export const UNAVAILABLE_TITLE = "We'll be right back";
export const UNAVAILABLE_TEXT =
  "Crewdeck cannot reach its database for a moment. Nothing you saved is lost. This page tries again by itself in a few seconds.";
