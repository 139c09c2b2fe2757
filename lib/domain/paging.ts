/**
 * The furthest a list pages by OFFSET (issue 27: a deep page costs what it skips). Pure, so the
 * pager knows which page numbers an offset still reaches; lib/services/pagination.ts clamps by
 * it, and past it a list pages by cursor (lib/services/cursor.ts).
 */
export const MAX_OFFSET = 5_000;

/** The last page a list of `perPage` a page serves by offset (page 1,001 at 10 a page). */
export const lastReachablePage = (perPage: number) => Math.floor(MAX_OFFSET / perPage) + 1;
