import crypto from "node:crypto";
import { sql, type SQLWrapper } from "drizzle-orm";
import { z } from "zod";
import { getAuthSecret } from "@/lib/auth/secret";
import { BadRequestError } from "./errors";
import { PAGES_AHEAD, offsetOf, type PageMeta } from "./pagination";

/**
 * Keyset pages (issue 27): a deep OFFSET page walks every row it skips, so a long list also
 * pages by a cursor, the last row's sort key and id, and reads the rows after it from the
 * index like a first page. The cursor is a position only: the list applies its scope and
 * filters as for any page, so a cursor cannot show a row the caller could not page to.
 *
 * `cursor=start` reads the page `page` names by OFFSET, as without a cursor, and adds
 * `meta.next_cursor`; any other value must be a `next_cursor` the same list gave for the same
 * sort and filters, else 400. Callers that send no cursor get the meta they always had.
 */
export const CURSOR_START = "start";

export const BAD_CURSOR = "The cursor is not one this list gave: start again from page 1.";
export const OTHER_ORDER_CURSOR =
  "The cursor belongs to another sort or filter of this list: start again from page 1.";

/** The `cursor` query parameter. */
export const cursorInput = z
  .string({ error: BAD_CURSOR })
  .trim()
  .optional()
  .transform((v) => (v === "" ? undefined : v));

// Signed with the app's secret under its own purpose prefix: an edited cursor is refused, and
// no other signed value passes for one.
const mac = (body: string) =>
  crypto.createHmac("sha256", getAuthSecret()).update(`cursor:${body}`).digest("base64url");

// What a cursor is bound to: the list, its sort and its filters (hashed: a search may be long).
const boundTo = (list: string, order: unknown) =>
  crypto
    .createHash("sha256")
    .update(JSON.stringify([list, order]))
    .digest("base64url")
    .slice(0, 16);

/** The cursor after a row whose sort key (its last part the row's id) is `key`. */
export function encodeCursor(list: string, order: unknown, key: (string | number)[]): string {
  const body = Buffer.from(JSON.stringify({ b: boundTo(list, order), k: key })).toString(
    "base64url",
  );
  return `${body}.${mac(body)}`;
}

/**
 * The sort key a cursor carries, checked against `shape`; 400 for a cursor this list did not
 * give (edited, truncated, made up) or gave for another sort or filter.
 */
export function decodeCursor<K>(
  list: string,
  order: unknown,
  cursor: string,
  shape: z.ZodType<K>,
): K {
  const bad = () => new BadRequestError(BAD_CURSOR, "bad_cursor");
  // Long enough for the users list's key by e-mail (an address and a name, 454 characters).
  if (cursor.length > 2_000) throw bad();
  const [body, sig, extra] = cursor.split(".");
  if (!body || !sig || extra !== undefined) throw bad();
  const a = Buffer.from(sig);
  const b = Buffer.from(mac(body));
  if (a.length !== b.length || !crypto.timingSafeEqual(a, b)) throw bad();
  let data: { b?: unknown; k?: unknown };
  try {
    data = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as typeof data;
  } catch {
    throw bad();
  }
  if (data.b !== boundTo(list, order)) throw new BadRequestError(OTHER_ORDER_CURSOR, "bad_cursor");
  const key = shape.safeParse(data.k);
  if (!key.success) throw bad();
  return key.data;
}

/** How far a keyset page counts from its first row: this page and PAGES_AHEAD more. */
export const keysetWindow = (perPage: number) => perPage * (PAGES_AHEAD + 1);

/**
 * The meta of a page read after a cursor, from `counted`: the rows from the page's first row
 * on, counted up to keysetWindow + 1. `page` is the page the caller says the cursor leads to
 * (the pager's "Page 1,002"): it only places the count, never which rows come, so the total is
 * the rows before it plus those counted ("of 10,240+" when the window was full). Past
 * MAX_OFFSET too: a cursor reaches what an offset cannot.
 */
export function keysetPageMeta(
  page: number,
  perPage: number,
  counted: number,
  nextCursor: string | null,
): PageMeta {
  const window = keysetWindow(perPage);
  const before = (page - 1) * perPage;
  const total = before + Math.min(counted, window);
  return {
    current_page: page,
    last_page: Math.max(1, page, Math.ceil(total / perPage)),
    per_page: perPage,
    total,
    ...(counted > window ? { total_capped: true as const } : {}),
    next_cursor: nextCursor,
  };
}

/** A page's next cursor: the last row's key, when rows follow it. */
export const nextCursorOf = <R>(
  rows: R[],
  perPage: number,
  more: boolean,
  keyOf: (row: R) => (string | number)[],
  encode: (key: (string | number)[]) => string,
): string | null => (rows.length === perPage && more ? encode(keyOf(rows[rows.length - 1])) : null);

/**
 * The meta of an offset page read with `cursor=start`, and its next cursor. An offset page's
 * last_page stops at the last page an offset reaches; the cursor reaches further, so with one
 * last_page is the counted pages' (past MAX_OFFSET: "Page 1,001 of 1,010").
 */
export const withNextCursor = (meta: PageMeta, next: string | null): PageMeta => ({
  ...meta,
  last_page: next
    ? Math.max(meta.last_page, meta.current_page + 1, Math.ceil(meta.total / meta.per_page))
    : meta.last_page,
  next_cursor: next,
});

/**
 * A list page's meta by how the page was read, for every list that pages by cursor: after a
 * cursor (`keyset`: counted from the cursor's row, keysetPageMeta), with `cursor=start` (the
 * offset page's meta and its next cursor), or without a cursor (the offset page's meta, as
 * before cursors). The next cursor is the page's last row's key (`keyOf`), when rows follow it.
 */
export function cursorPageMeta<R>(o: {
  rows: R[];
  page: number;
  perPage: number;
  /** The rows counted: from the top on an offset page, from the cursor's row after one. */
  counted: number;
  keyset: boolean;
  cursor: string | undefined;
  offsetMeta: PageMeta;
  keyOf: (row: R) => (string | number)[];
  encode: (key: (string | number)[]) => string;
}): PageMeta {
  const next = (more: boolean) => nextCursorOf(o.rows, o.perPage, more, o.keyOf, o.encode);
  if (o.keyset) return keysetPageMeta(o.page, o.perPage, o.counted, next(o.counted > o.perPage));
  if (o.cursor !== CURSOR_START) return o.offsetMeta;
  const offset = offsetOf(o.page, o.perPage);
  return withNextCursor(o.offsetMeta, next(o.counted > offset + o.rows.length));
}

/**
 * The key of a list newest first (created_at, then id, both descending): created_at as
 * PostgreSQL writes it (`created_at::text`: microseconds and offset), read back exactly, where
 * JavaScript's milliseconds would skip rows of the same millisecond.
 */
export const newestFirstKey = z.tuple([
  z.string().regex(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d{1,6})?[+-]\d\d(:\d\d){0,2}$/),
  z.number().int().positive(),
]);

/** The rows after `key` in a newest-first order: a bound the (created_at, id) index starts at. */
export const newestFirstAfter = (
  createdAt: SQLWrapper,
  id: SQLWrapper,
  key: z.output<typeof newestFirstKey>,
) => sql`(${createdAt}, ${id}) < (${key[0]}::timestamptz, ${key[1]})`;
