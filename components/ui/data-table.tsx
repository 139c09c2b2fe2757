"use client";

import type { ReactNode } from "react";
import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import { Button } from "./button";
import { cn } from "./cn";
import { canSort, columnId, columnLabel, type ColumnDef } from "./data-table-columns";
import { EmptyState } from "./empty-state";
import { DataTableCards, DataTableSortSelect } from "./data-table-mobile";
import { PaginationControls, type PaginationMeta } from "./pagination";
import type { SortOrder, TableSort } from "./table-sort";
import { useQueryNavigation } from "./use-query-navigation";

export type { ColumnDef, SortOrder, TableSort };

export type DataTableProps<T> = {
  /**
   * Column ids (accessorKey or id) are the values sent as ?sort=. Columns must be defined
   * in a client component: cell renderers are functions and cannot cross from a server page.
   */
  columns: ColumnDef<T>[];
  data: T[];
  meta: PaginationMeta;
  /** The sort the server applied; defaults to ?sort= and ?order= of the URL. */
  sort?: TableSort | null;
  /** Describes the table for screen readers, e.g. "Jobs". */
  caption?: string;
  emptyTitle?: ReactNode;
  emptyHint?: ReactNode;
  emptyAction?: ReactNode;
  getRowId?: (row: T, index: number) => string;
  /** Classes of one row (and of its phone card), e.g. to mark the row just created. */
  rowClassName?: (row: T) => string | undefined;
  /** "compact": narrower cell padding, for a table with many columns beside the navigation. */
  density?: "normal" | "compact";
  /** Below 640 px: stacked cards (default) or the table scrolling inside its own box. */
  mobile?: "cards" | "scroll";
  /** Query parameter names (defaults page / sort / order). */
  params?: { page?: string; sort?: string; order?: string };
  className?: string;
};

const alignClass = { left: "text-left", center: "text-center", right: "text-right" } as const;

/**
 * A server-paged, server-sorted table. Page and sort live in the URL (?page, ?sort, ?order),
 * so a view can be shared and reloaded; changing them re-renders the server page.
 */
export function DataTable<T>({
  columns,
  data,
  meta,
  sort,
  caption,
  emptyTitle = "Nothing here yet",
  emptyHint,
  emptyAction,
  getRowId,
  rowClassName,
  density = "normal",
  mobile = "cards",
  params,
  className,
}: DataTableProps<T>) {
  const { searchParams, navigate, pending } = useQueryNavigation();
  const pageKey = params?.page ?? "page";
  const sortKey = params?.sort ?? "sort";
  const orderKey = params?.order ?? "order";

  const urlSortColumn = searchParams?.get(sortKey);
  const current: TableSort | null =
    sort !== undefined
      ? sort
      : urlSortColumn
        ? { column: urlSortColumn, order: searchParams?.get(orderKey) === "desc" ? "desc" : "asc" }
        : null;
  const rows = data.map((original, index) => ({
    id: getRowId ? getRowId(original, index) : String(index),
    original,
  }));

  function applySort(next: TableSort | null) {
    // A new order starts again at page 1.
    navigate({
      [sortKey]: next?.column ?? null,
      [orderKey]: next?.order ?? null,
      [pageKey]: null,
      cursor: null,
    });
  }

  function toggleSort(column: ColumnDef<T>) {
    const id = columnId(column);
    if (current?.column === id) {
      applySort({ column: id, order: current.order === "asc" ? "desc" : "asc" });
    } else {
      applySort({ column: id, order: column.sortDescFirst ? "desc" : "asc" });
    }
  }

  const sortable = columns.filter(canSort);

  if (rows.length === 0) {
    // Past the last page (an old link, a list that shrank): say so, and offer the way back.
    const pastEnd = meta.total > 0 && meta.current_page > meta.last_page;
    return (
      <div className={cn("flex min-w-0 flex-col gap-4", className)}>
        {pastEnd ? (
          <EmptyState
            title={`Page ${meta.current_page} is past the end of the list`}
            hint={`The list has ${meta.total} ${meta.total === 1 ? "entry" : "entries"} on ${meta.last_page} ${meta.last_page === 1 ? "page" : "pages"}.`}
            action={
              <Button
                variant="secondary"
                loading={pending}
                onClick={() => navigate({ [pageKey]: meta.last_page > 1 ? meta.last_page : null })}
              >
                Go to the last page
              </Button>
            }
          />
        ) : (
          <EmptyState title={emptyTitle} hint={emptyHint} action={emptyAction} />
        )}
      </div>
    );
  }

  const cards = mobile === "cards";
  const titleColumn = columns.find((column) => column.meta?.mobileTitle);

  return (
    <div aria-busy={pending || undefined} className={cn("flex min-w-0 flex-col gap-4", className)}>
      {cards && sortable.length > 0 && (
        <DataTableSortSelect
          columns={sortable}
          current={current}
          label={(column) => columnLabel(column) ?? columnId(column)}
          onChange={applySort}
        />
      )}

      <div
        className={cn(
          "min-w-0 overflow-x-auto rounded-card border border-gray-200 bg-white shadow-sm transition-opacity",
          cards && "hidden sm:block",
          pending && "opacity-60",
        )}
      >
        <table className="w-full border-collapse text-left text-sm">
          {caption && <caption className="sr-only">{caption}</caption>}
          <thead className="bg-gray-50 text-gray-700">
            <tr className="border-b border-gray-200">
              {columns.map((column) => {
                const id = columnId(column);
                const meta = column.meta;
                const sorted = current?.column === id ? current.order : null;
                const rendered =
                  typeof column.header === "function" ? column.header() : column.header;
                // An empty header (e.g. a row-actions column) still needs a name for screen readers.
                const content =
                  rendered === undefined || rendered === null || rendered === "" ? (
                    <span className="sr-only">{meta?.label || id}</span>
                  ) : (
                    rendered
                  );
                return (
                  <th
                    key={id}
                    scope="col"
                    aria-sort={sorted ? (sorted === "asc" ? "ascending" : "descending") : undefined}
                    className={cn(
                      "px-4 py-3 font-medium whitespace-nowrap",
                      density === "compact" && "px-3",
                      alignClass[meta?.align ?? "left"],
                      meta?.sticky && "sticky right-0 bg-gray-50",
                      meta?.headerClassName,
                    )}
                  >
                    {canSort(column) ? (
                      <button
                        type="button"
                        onClick={() => toggleSort(column)}
                        className="-mx-2 inline-flex h-8 items-center gap-1 rounded-control px-2 hover:bg-gray-200/60 hover:text-gray-900"
                      >
                        {content}
                        <SortIcon order={sorted} />
                      </button>
                    ) : (
                      content
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-200">
            {rows.map((row) => (
              <tr
                key={row.id}
                className={cn("bg-white hover:bg-gray-50", rowClassName?.(row.original))}
              >
                {columns.map((column) => {
                  const meta = column.meta;
                  return (
                    <td
                      key={columnId(column)}
                      className={cn(
                        "px-4 py-3 align-middle text-gray-900",
                        density === "compact" && "px-3",
                        alignClass[meta?.align ?? "left"],
                        // The row's own background (hover, a marked row) under a sticky cell.
                        meta?.sticky && "sticky right-0 bg-inherit",
                        meta?.cellClassName,
                      )}
                    >
                      {column.cell({ row })}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      {cards && (
        <DataTableCards
          rows={rows}
          columns={columns}
          caption={caption}
          titleColumn={titleColumn}
          rowClassName={rowClassName}
          className={cn(pending && "opacity-60")}
        />
      )}

      <PaginationControls
        meta={meta}
        pending={pending}
        label={caption ? `${caption} pagination` : undefined}
        onPageChange={(page, cursor) =>
          navigate({ [pageKey]: page > 1 ? page : null, cursor }, { scroll: true })
        }
      />
    </div>
  );
}

function SortIcon({ order }: { order: SortOrder | null }) {
  if (order === "asc") return <ArrowUp aria-hidden="true" className="size-4 text-accent-700" />;
  if (order === "desc") return <ArrowDown aria-hidden="true" className="size-4 text-accent-700" />;
  return <ArrowUpDown aria-hidden="true" className="size-4 text-gray-400" />;
}
