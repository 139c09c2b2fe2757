"use client";

import { useId } from "react";
import { flexRender, type Column, type Row } from "@tanstack/react-table";
import { cn } from "./cn";
import type { TableSort } from "./table-sort";

/*
 * The phone (< 640 px) parts of DataTable: each row becomes a card of label/value pairs,
 * and sorting moves from the hidden header row into a labelled native select.
 */

export function DataTableCards<T>({
  rows,
  caption,
  titleColumnId,
  label,
  rowClassName,
  className,
}: {
  rows: Row<T>[];
  caption?: string;
  /** Column shown as the card's title line (meta.mobileTitle). */
  titleColumnId?: string;
  label: (column: Column<T, unknown>) => string | null;
  rowClassName?: (row: T) => string | undefined;
  className?: string;
}) {
  return (
    <ul
      aria-label={caption}
      className={cn("flex flex-col gap-3 transition-opacity sm:hidden", className)}
    >
      {rows.map((row) => {
        const cells = row
          .getVisibleCells()
          .filter((cell) => !cell.column.columnDef.meta?.hideOnMobile);
        const title = titleColumnId
          ? cells.find((cell) => cell.column.id === titleColumnId)
          : undefined;
        const rest = cells.filter((cell) => cell !== title);
        const labelled = rest.filter((cell) => label(cell.column) !== null);
        // Columns without a label (row actions, a select box) go in a row at the bottom.
        const unlabelled = rest.filter((cell) => label(cell.column) === null);
        return (
          <li
            key={row.id}
            className={cn(
              "min-w-0 rounded-card border border-gray-200 bg-white p-4 shadow-sm",
              rowClassName?.(row.original),
            )}
          >
            {title && (
              <div className="mb-3 text-base font-semibold break-words text-gray-900">
                {flexRender(title.column.columnDef.cell, title.getContext())}
              </div>
            )}
            {labelled.length > 0 && (
              <dl className="flex flex-col gap-2 text-sm">
                {labelled.map((cell) => (
                  <div key={cell.id} className="grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)] gap-3">
                    <dt className="text-gray-600">{label(cell.column)}</dt>
                    <dd className="min-w-0 break-words text-gray-900">
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </dd>
                  </div>
                ))}
              </dl>
            )}
            {unlabelled.length > 0 && (
              <div className="mt-3 flex flex-wrap items-center gap-2">
                {unlabelled.map((cell) => (
                  <div key={cell.id} className="min-w-0">
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </div>
                ))}
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** On phones the header row is gone, so sorting is a labelled native select. */
export function DataTableSortSelect<T>({
  columns,
  current,
  label,
  onChange,
}: {
  columns: Column<T, unknown>[];
  current: TableSort | null;
  label: (column: Column<T, unknown>) => string;
  onChange: (sort: TableSort | null) => void;
}) {
  const id = useId();
  const known = current !== null && columns.some((column) => column.id === current.column);
  const value = known ? `${current.column}:${current.order}` : "";
  return (
    <div className="flex items-center gap-3 sm:hidden">
      <label htmlFor={id} className="shrink-0 text-sm font-medium text-gray-900">
        Sort by
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => {
          const raw = event.target.value;
          const cut = raw.lastIndexOf(":");
          if (cut < 0) return onChange(null);
          onChange({
            column: raw.slice(0, cut),
            order: raw.slice(cut + 1) === "desc" ? "desc" : "asc",
          });
        }}
        className="h-11 min-w-0 flex-1 rounded-control border border-gray-400 bg-white px-3 text-base text-gray-900"
      >
        {!known && <option value="">Default order</option>}
        {columns.flatMap((column) => [
          <option key={`${column.id}:asc`} value={`${column.id}:asc`}>
            {label(column)}, ascending
          </option>,
          <option key={`${column.id}:desc`} value={`${column.id}:desc`}>
            {label(column)}, descending
          </option>,
        ])}
      </select>
    </div>
  );
}
