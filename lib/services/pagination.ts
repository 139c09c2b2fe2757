import { z } from "zod";
import { MAX_OFFSET, lastReachablePage } from "@/lib/domain/paging";

/** Pagination meta of every list (DESIGN.md §4). */
export interface PageMeta {
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
  /**
   * Present (true) when the list counted no further than its cap (COUNT_CAP, or the window of
   * countWindow): `total` is then a floor ("10,100+", "110+"), enough for the pages the pager
   * offers.
   */
  total_capped?: true;
  /**
   * Only when the call sent `cursor` (lib/services/cursor.ts): the cursor of the next page, null
   * on the last one.
   */
  next_cursor?: string | null;
}

export interface Page<T> {
  items: T[];
  meta: PageMeta;
}

export const MAX_PER_PAGE = 100;

/** `page` and `perPage` of a list verb, with the list's default page size (spec §9). */
export const pageInput = (defaultPerPage = 10) =>
  z.object({
    page: z.coerce
      .number()
      .int("page must be a whole number")
      .min(1, "page must be at least 1")
      .max(1_000_000)
      .default(1),
    perPage: z.coerce
      .number()
      .int("perPage must be a whole number")
      .min(1, "perPage must be at least 1")
      .max(MAX_PER_PAGE, `perPage may be at most ${MAX_PER_PAGE}`)
      .default(defaultPerPage),
  });

/**
 * MAX_OFFSET: a page past it is clamped to the last reachable page — the page whose offset is at
 * most MAX_OFFSET — as a bad page value is: `current_page` says which page came, `last_page`
 * never exceeds it, `total` stays the whole count. A page past the end of the whole list is an
 * empty page naming the page asked, as before. Further rows are reached by filters, search,
 * sort or a cursor (lib/services/cursor.ts).
 */
export { MAX_OFFSET, lastReachablePage };

/** `page`, clamped to the last reachable page. */
export const reachablePage = (page: number, perPage: number) =>
  Math.min(page, lastReachablePage(perPage));

export function pageMeta(page: number, perPage: number, total: number): PageMeta {
  return {
    // A page past the end of the whole list comes empty either way: it says the page asked
    // ("Page 9999 is past the end"), not a reachable page it did not serve either.
    current_page: offsetOf(page, perPage) >= total ? page : reachablePage(page, perPage),
    last_page: Math.min(Math.max(1, Math.ceil(total / perPage)), lastReachablePage(perPage)),
    per_page: perPage,
    total,
  };
}

/** The OFFSET of a page: never past MAX_OFFSET (see reachablePage). */
export const offsetOf = (page: number, perPage: number) =>
  (reachablePage(page, perPage) - 1) * perPage;

/**
 * A list over a table that grows without end (the activity log) counts its matches up to this
 * many: every reachable page, and one row more to know there are further ones. The count then
 * costs the same at a thousand rows as at a million.
 */
export const COUNT_CAP = MAX_OFFSET + MAX_PER_PAGE;

/**
 * How many pages past the current one a list counts when every match it counts costs a probe
 * of other tables (the hours to approve, the bookable workers, a worker's new jobs). Counted
 * to COUNT_CAP, such a count cost more than the page at scale (10,101 approvals joined to
 * their shifts and jobs: ~30 ms against ~1 ms on the demo data); counted to the window it
 * costs about what the page does, whatever the tables hold. The pager then offers the next
 * pages and says "of 110+"; a later page counts further.
 */
export const PAGES_AHEAD = 10;

/**
 * The rows a windowed list counts up to on `page` (count with a LIMIT of this + 1): the pages
 * before it, it and PAGES_AHEAD more, never past COUNT_CAP. See cappedPageMeta.
 */
export const countWindow = (page: number, perPage: number) =>
  Math.min(offsetOf(page, perPage) + perPage * (PAGES_AHEAD + 1), COUNT_CAP);

/**
 * pageMeta of a count taken with a LIMIT of `cap` + 1 (COUNT_CAP, or a list's countWindow):
 * over the cap, `total` is the cap and total_capped is set ("110+").
 */
export function cappedPageMeta(
  page: number,
  perPage: number,
  counted: number,
  cap: number = COUNT_CAP,
): PageMeta {
  return counted > cap
    ? { ...pageMeta(page, perPage, cap), total_capped: true }
    : pageMeta(page, perPage, counted);
}
