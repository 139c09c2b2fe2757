import { z } from "zod";

/** Pagination meta of every list (DESIGN.md §4). */
export interface PageMeta {
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
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

export function pageMeta(page: number, perPage: number, total: number): PageMeta {
  return {
    current_page: page,
    last_page: Math.max(1, Math.ceil(total / perPage)),
    per_page: perPage,
    total,
  };
}

export const offsetOf = (page: number, perPage: number) => (page - 1) * perPage;
