import { headers } from "next/headers";
import { notFound, redirect } from "next/navigation";
import { deniedCodeForPath, PATH_HEADER } from "@/lib/auth/denied";
import { fallbackFor } from "@/lib/auth/guard";
import { currentActor } from "@/lib/auth/session";
import { withDenied } from "@/lib/domain/denied";
import { CURSOR_START } from "@/lib/services/cursor";
import { AppError, ValidationError, type FieldErrors } from "@/lib/services/errors";
import { DATABASE_UNAVAILABLE_TYPE } from "@/lib/services/outage/database";
import { parseId } from "@/lib/services/params";
import { PageClientError, PageUnavailableError } from "./client-error";
import { toErrorBody } from "./errors";

/**
 * A page's answer to an error, through the same mapping as the REST API and server actions:
 * a record the user may not see is the 404 screen, a verb they may not use sends them to their
 * start page (like the guard) saying which page was refused, a signed-out user to sign-in, any
 * other 4xx shows its message on the error screen with its code; the database out of reach is the
 * "we'll be right back" screen (issue 27); only a real failure is a 500.
 */
export async function pageError(err: unknown): Promise<never> {
  const { status, message, type } = toErrorBody(err);
  if (status === 404) notFound();
  if (status === 403) return refused(message);
  if (status === 401) redirect("/sign-in");
  if (status < 500) throw new PageClientError(status, message);
  if (type === DATABASE_UNAVAILABLE_TYPE) throw new PageUnavailableError(message);
  throw err;
}

/**
 * A 403 on a page: to the user's start page with `?denied=` naming the page by the words of
 * its address (proxy.ts passes the path), as the guard does. The start page itself refused
 * would loop: its error screen says why instead.
 */
async function refused(message: string): Promise<never> {
  const [h, actor] = await Promise.all([headers(), currentActor()]);
  if (!actor) redirect("/sign-in");
  const path = h.get(PATH_HEADER) ?? "";
  const to = fallbackFor(actor);
  if (path === to) throw new PageClientError(403, message);
  redirect(withDenied(to, deniedCodeForPath(path)));
}

export async function pageData<T>(load: Promise<T>): Promise<T> {
  try {
    return await load;
  } catch (err) {
    return pageError(err);
  }
}

/** The id in a page's path (`/jobs/{id}`), or the 404 screen: the one id parser, for pages. */
export function pageId(value: string, what: string): number {
  try {
    return parseId(value, what);
  } catch {
    notFound();
  }
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * `input` without the value at a dotted error path ("filter.status", "page"); a path into an
 * array ("filter.branches.0") drops the whole array. null when the path names nothing given.
 */
export function withoutPath(
  input: Record<string, unknown>,
  path: string,
): Record<string, unknown> | null {
  const keys = path.split(".");
  const copy = structuredClone(input);
  let node = copy;
  for (let i = 0; i < keys.length; i++) {
    const value = node[keys[i]];
    if (!Object.hasOwn(node, keys[i]) || value === undefined) return null;
    if (i === keys.length - 1 || !isPlainObject(value)) {
      delete node[keys[i]];
      return copy;
    }
    node = value;
  }
  return null;
}

/**
 * A list screen reads its query string leniently, through the verb's own validation: a value
 * the verb rejects (`?page=0`, `?status=zzz`, `?company_id=abc`, an id past 2^31) is left out
 * and the list is shown without it, so a hand-edited or stale link never ends on an error
 * screen. Leaving out `page` is page 1. A cursor the verb refuses (bad_cursor) becomes
 * CURSOR_START. The REST API keeps answering 422 (400) for the same values.
 * `dropped` says what was left out (a screen may tell the user).
 */
export async function lenientList<I extends Record<string, unknown>, T>(
  load: (input: I) => Promise<T>,
  input: I,
): Promise<{ data: T; dropped: FieldErrors }> {
  let current = input;
  const dropped: FieldErrors = {};
  // Each round drops at least one given key, so this ends; the bound is a safety net.
  for (let round = 0; round < 8; round++) {
    try {
      return { data: await load(current), dropped };
    } catch (err) {
      // A cursor of another sort or filter (the sort changed, a search was typed, an old
      // link): the page `page` names, by offset, with a fresh cursor for its Next.
      if (err instanceof AppError && err.type === "bad_cursor" && current.cursor !== CURSOR_START) {
        current = { ...current, cursor: CURSOR_START } as typeof current;
        dropped.cursor = [err.message];
        continue;
      }
      if (!(err instanceof ValidationError) || !err.errors) return pageError(err);
      let next: Record<string, unknown> = current;
      for (const [path, messages] of Object.entries(err.errors)) {
        const without = withoutPath(next, path);
        // An error about something the screen did not send is not the query's fault.
        if (!without) return pageError(err);
        next = without;
        dropped[path] = messages;
      }
      current = next as I;
    }
  }
  return { data: await pageData(load(current)), dropped };
}
