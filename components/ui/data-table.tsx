"use client";

import type { ReactNode } from "react";
import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type Column,
  type ColumnDef,
  type RowData,
  type SortingState,
} from "@tanstack/react-table";
import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import { Button } from "./button";
import { cn } from "./cn";
import { EmptyState } from "./empty-state";
import { DataTableCards, DataTableSortSelect } from "./data-table-mobile";
import { PaginationControls, type PaginationMeta } from "./pagination";
import type { SortOrder, TableSort } from "./table-sort";
import { useQueryNavigation } from "./use-query-navigation";

declare module "@tanstack/react-table" {
  // Names must match @tanstack/react-table's own declaration for the merge to work.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData extends RowData, TValue> {
    /** Label in the phone card view when `header` is not a plain string. "" = no label. */
    label?: string;
    /** Leave this column out of the phone card view. */
    hideOnMobile?: boolean;
    /** Show this column as the card's title line in the phone card view. */
    mobileTitle?: boolean;
    align?: "left" | "center" | "right";
    /**
     * Kept in view at the table's right edge when the table is wider than its box (row
     * actions): the data of a row can always outgrow the screen; its menu must not go with it.
     */
    sticky?: "right";
    headerClassName?: string;
    cellClassName?: string;
  }
}

export type { SortOrder, TableSort };

export type DataTableProps<T> = {
  /**
   * Column ids (accessorKey or id) are the values sent as ?sort=. Columns must be defined
   * in a client component: cell renderers are functions and cannot cross from a server page.
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  columns: ColumnDef<T, any>[];
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

/** The column's label in the phone views; null when it has none (e.g. a row-actions column). */
export function columnLabel<T>(column: Column<T, unknown>): string | null {
  const meta = column.columnDef.meta;
  if (meta?.label !== undefined) return meta.label || null;
  const header = column.columnDef.header;
  return typeof header === "string" && header !== "" ? header : null;
}

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
  const sorting: SortingState = current
    ? [{ id: current.column, desc: current.order === "desc" }]
    : [];

  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Table v8 is not compiler-safe; this component is not memoized.
  const table = useReactTable({
    data,
    columns,
    getRowId,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
    enableSortingRemoval: false,
    pageCount: Math.max(1, meta.last_page),
    state: {
      sorting,
      pagination: { pageIndex: Math.max(0, meta.current_page - 1), pageSize: meta.per_page },
    },
  });

  function applySort(next: TableSort | null) {
    // A new order starts again at page 1.
    navigate({
      [sortKey]: next?.column ?? null,
      [orderKey]: next?.order ?? null,
      [pageKey]: null,
    });
  }

  function toggleSort(column: Column<T, unknown>) {
    if (current?.column === column.id) {
      applySort({ column: column.id, order: current.order === "asc" ? "desc" : "asc" });
    } else {
      applySort({ column: column.id, order: column.columnDef.sortDescFirst ? "desc" : "asc" });
    }
  }

  const leafColumns = table.getVisibleLeafColumns();
  const sortable = leafColumns.filter((column) => column.getCanSort());
  const rows = table.getRowModel().rows;

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
  const titleColumn = leafColumns.find((column) => column.columnDef.meta?.mobileTitle);

  return (
    <div aria-busy={pending || undefined} className={cn("flex min-w-0 flex-col gap-4", className)}>
      {cards && sortable.length > 0 && (
        <DataTableSortSelect
          columns={sortable}
          current={current}
          label={(column) => columnLabel(column) ?? column.id}
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
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id} className="border-b border-gray-200">
                {group.headers.map((header) => {
                  const column = header.column;
                  const meta = column.columnDef.meta;
                  const sorted = current?.column === column.id ? current.order : null;
                  const rendered = header.isPlaceholder
                    ? null
                    : flexRender(column.columnDef.header, header.getContext());
                  // An empty header (e.g. a row-actions column) still needs a name for screen readers.
                  const content =
                    rendered === null || rendered === "" ? (
                      <span className="sr-only">{meta?.label || column.id}</span>
                    ) : (
                      rendered
                    );
                  return (
                    <th
                      key={header.id}
                      colSpan={header.colSpan}
                      scope="col"
                      aria-sort={
                        sorted ? (sorted === "asc" ? "ascending" : "descending") : undefined
                      }
                      className={cn(
                        "px-4 py-3 font-medium whitespace-nowrap",
                        density === "compact" && "px-3",
                        alignClass[meta?.align ?? "left"],
                        meta?.sticky && "sticky right-0 bg-gray-50",
                        meta?.headerClassName,
                      )}
                    >
                      {column.getCanSort() && !header.isPlaceholder ? (
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
            ))}
          </thead>
          <tbody className="divide-y divide-gray-200">
            {rows.map((row) => (
              <tr
                key={row.id}
                className={cn("bg-white hover:bg-gray-50", rowClassName?.(row.original))}
              >
                {row.getVisibleCells().map((cell) => {
                  const meta = cell.column.columnDef.meta;
                  return (
                    <td
                      key={cell.id}
                      className={cn(
                        "px-4 py-3 align-middle text-gray-900",
                        density === "compact" && "px-3",
                        alignClass[meta?.align ?? "left"],
                        // The row's own background (hover, a marked row) under a sticky cell.
                        meta?.sticky && "sticky right-0 bg-inherit",
                        meta?.cellClassName,
                      )}
                    >
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
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
          caption={caption}
          titleColumnId={titleColumn?.id}
          label={columnLabel}
          rowClassName={rowClassName}
          className={cn(pending && "opacity-60")}
        />
      )}

      <PaginationControls
        meta={meta}
        pending={pending}
        label={caption ? `${caption} pagination` : undefined}
        onPageChange={(page) => navigate({ [pageKey]: page > 1 ? page : null }, { scroll: true })}
      />
    </div>
  );
}

function SortIcon({ order }: { order: SortOrder | null }) {
  if (order === "asc") return <ArrowUp aria-hidden="true" className="size-4 text-accent-700" />;
  if (order === "desc") return <ArrowDown aria-hidden="true" className="size-4 text-accent-700" />;
  return <ArrowUpDown aria-hidden="true" className="size-4 text-gray-400" />;
}
