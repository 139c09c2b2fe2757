"use client";

import { ChevronLeft, ChevronRight } from "lucide-react";
import { lastReachablePage } from "@/lib/domain/paging";
import { cn } from "./cn";
import { useQueryNavigation } from "./use-query-navigation";

/** The `meta` of a list answer (DESIGN.md §4). */
export type PaginationMeta = {
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
  /** The list counted no further: `total` is a floor, shown as "10,100+". */
  total_capped?: true;
  /** A list read by cursor (lib/services/cursor.ts): the next page's, null on the last. */
  next_cursor?: string | null;
};

/** 1 … 4 5 6 … 20: first, last, and the neighbours of the current page. */
export function pageItems(current: number, last: number): (number | "gap")[] {
  if (last <= 7) return Array.from({ length: last }, (_, i) => i + 1);
  const pages = new Set([1, last, current - 1, current, current + 1]);
  if (current <= 4) [2, 3, 4, 5].forEach((p) => pages.add(p));
  if (current >= last - 3) [last - 4, last - 3, last - 2, last - 1].forEach((p) => pages.add(p));
  const sorted = [...pages].filter((p) => p >= 1 && p <= last).sort((a, b) => a - b);
  const items: (number | "gap")[] = [];
  sorted.forEach((page, index) => {
    if (index > 0 && page - sorted[index - 1] > 1) items.push("gap");
    items.push(page);
  });
  return items;
}

export type PaginationControlsProps = {
  meta: PaginationMeta;
  /** `cursor`: the next page is read after it (keyset), not by its offset. */
  onPageChange: (page: number, cursor?: string) => void;
  pending?: boolean;
  /** Accessible name of the <nav> (default "Pagination"). */
  label?: string;
  className?: string;
};

const pageButton =
  "inline-flex h-11 min-w-11 sm:pointer-fine:h-10 sm:pointer-fine:min-w-10 items-center justify-center gap-1 rounded-control px-3 text-sm font-medium " +
  "transition-colors aria-disabled:cursor-not-allowed aria-disabled:opacity-50";

/**
 * Presentational pagination: "Showing X–Y of Z", previous/next and page numbers.
 * Unavailable buttons use aria-disabled, not disabled, so focus is not lost when the
 * last page is reached.
 */
export function PaginationControls({
  meta,
  onPageChange,
  pending = false,
  label = "Pagination",
  className,
}: PaginationControlsProps) {
  const last = Math.max(1, meta.last_page);
  const current = Math.min(Math.max(1, meta.current_page), last);
  const from = meta.total === 0 ? 0 : (current - 1) * meta.per_page + 1;
  const to = Math.min(current * meta.per_page, meta.total);
  // The next page follows the cursor when the list gives one: deep down an offset walks every
  // row it skips, and past MAX_OFFSET it cannot reach the page at all. Other pages are offered
  // while an offset reaches them (numbered links near the top, Previous until then).
  const reachable = lastReachablePage(meta.per_page);
  const cursorOf = (page: number) =>
    page === current + 1 && meta.next_cursor ? meta.next_cursor : undefined;
  const canGo = (page: number) =>
    page >= 1 && page <= last && (page <= reachable || cursorOf(page) !== undefined);
  const go = (page: number) => canGo(page) && onPageChange(page, cursorOf(page));

  return (
    <nav
      aria-label={label}
      aria-busy={pending || undefined}
      className={cn(
        "flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between",
        className,
      )}
    >
      <p aria-live="polite" className="text-sm text-gray-600">
        {meta.total === 0 ? (
          "No results"
        ) : meta.current_page > last ? (
          // Past the end: "Showing 11–16 of 16" would describe rows that are not on screen.
          `Nothing on page ${meta.current_page}; the list has ${last} ${last === 1 ? "page" : "pages"}`
        ) : (
          <>
            Showing <span className="font-medium text-gray-900">{from}</span>–
            <span className="font-medium text-gray-900">{to}</span> of{" "}
            <span className="font-medium text-gray-900">
              {meta.total_capped ? `${meta.total.toLocaleString("en")}+` : meta.total}
            </span>
          </>
        )}
      </p>
      {last > 1 && (
        <div className="flex items-center justify-between gap-1 sm:justify-end">
          <button
            type="button"
            className={cn(
              pageButton,
              "border border-gray-400 bg-white text-gray-900 hover:bg-gray-50",
            )}
            aria-disabled={!canGo(current - 1) || undefined}
            onClick={() => go(current - 1)}
          >
            <ChevronLeft aria-hidden="true" className="size-4" />
            Previous<span className="sr-only"> page</span>
          </button>
          <span className="px-2 text-sm text-gray-600 sm:hidden">
            Page {current} of {last}
          </span>
          <ul className="hidden items-center gap-1 sm:flex">
            {pageItems(current, last).map((item, index) =>
              item === "gap" ? (
                <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-gray-600">
                  …
                </li>
              ) : item !== current && !canGo(item) ? (
                // Counted, but neither an offset nor the next cursor reaches it: where the list
                // ends, not a link.
                <li key={item} aria-hidden="true" className="px-2 text-sm text-gray-600">
                  {item}
                </li>
              ) : (
                <li key={item}>
                  <button
                    type="button"
                    aria-label={`Page ${item}`}
                    aria-current={item === current ? "page" : undefined}
                    onClick={() => item !== current && go(item)}
                    className={cn(
                      pageButton,
                      item === current
                        ? "bg-accent-600 text-white"
                        : "text-gray-700 hover:bg-gray-100",
                    )}
                  >
                    {item}
                  </button>
                </li>
              ),
            )}
          </ul>
          <button
            type="button"
            className={cn(
              pageButton,
              "border border-gray-400 bg-white text-gray-900 hover:bg-gray-50",
            )}
            aria-disabled={!canGo(current + 1) || undefined}
            onClick={() => go(current + 1)}
          >
            Next<span className="sr-only"> page</span>
            <ChevronRight aria-hidden="true" className="size-4" />
          </button>
        </div>
      )}
    </nav>
  );
}

export type PaginationProps = {
  meta: PaginationMeta;
  /** Query parameter holding the page (default "page"); use another for a second list on one page. */
  pageParam?: string;
  label?: string;
  className?: string;
};

/** URL-driven pagination for card lists: sets ?page=N and keeps every other parameter. */
export function Pagination({ meta, pageParam = "page", label, className }: PaginationProps) {
  const { navigate, pending } = useQueryNavigation();
  if (meta.total === 0) return null;
  return (
    <PaginationControls
      meta={meta}
      pending={pending}
      label={label}
      className={cn(pending && "opacity-70", className)}
      onPageChange={(page, cursor) =>
        navigate({ [pageParam]: page > 1 ? page : null, cursor }, { scroll: true })
      }
    />
  );
}
