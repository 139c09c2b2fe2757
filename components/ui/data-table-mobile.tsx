"use client";

import { useId } from "react";
import { cn } from "./cn";
import { columnId, columnLabel, type ColumnDef } from "./data-table-columns";
import type { TableSort } from "./table-sort";

/*
 * The phone (< 640 px) parts of DataTable: each row becomes a card of label/value pairs,
 * and sorting moves from the hidden header row into a labelled native select.
 */

export function DataTableCards<T>({
  rows,
  columns,
  caption,
  titleColumn,
  rowClassName,
  className,
}: {
  rows: { id: string; original: T }[];
  columns: ColumnDef<T>[];
  caption?: string;
  /** Column shown as the card's title line (meta.mobileTitle). */
  titleColumn?: ColumnDef<T>;
  rowClassName?: (row: T) => string | undefined;
  className?: string;
}) {
  const shown = columns.filter((column) => !column.meta?.hideOnMobile);
  const title = titleColumn && shown.includes(titleColumn) ? titleColumn : undefined;
  const rest = shown.filter((column) => column !== title);
  const labelled = rest.filter((column) => columnLabel(column) !== null);
  // Columns without a label (row actions, a select box) go in a row at the bottom.
  const unlabelled = rest.filter((column) => columnLabel(column) === null);
  return (
    <ul
      aria-label={caption}
      className={cn("flex flex-col gap-3 transition-opacity sm:hidden", className)}
    >
      {rows.map((row) => (
        <li
          key={row.id}
          className={cn(
            "min-w-0 rounded-card border border-gray-200 bg-white p-4 shadow-sm",
            rowClassName?.(row.original),
          )}
        >
          {title && (
            <div className="mb-3 text-base font-semibold break-words text-gray-900">
              {title.cell({ row })}
            </div>
          )}
          {labelled.length > 0 && (
            <dl className="flex flex-col gap-2 text-sm">
              {labelled.map((column) => (
                <div
                  key={columnId(column)}
                  className="grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)] gap-3"
                >
                  <dt className="text-gray-600">{columnLabel(column)}</dt>
                  <dd className="min-w-0 break-words text-gray-900">{column.cell({ row })}</dd>
                </div>
              ))}
            </dl>
          )}
          {unlabelled.length > 0 && (
            <div className="mt-3 flex flex-wrap items-center gap-2">
              {unlabelled.map((column) => (
                <div key={columnId(column)} className="min-w-0">
                  {column.cell({ row })}
                </div>
              ))}
            </div>
          )}
        </li>
      ))}
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
  columns: ColumnDef<T>[];
  current: TableSort | null;
  label: (column: ColumnDef<T>) => string;
  onChange: (sort: TableSort | null) => void;
}) {
  const id = useId();
  const known = current !== null && columns.some((column) => columnId(column) === current.column);
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
        {columns.flatMap((column) => {
          const id = columnId(column);
          return [
            <option key={`${id}:asc`} value={`${id}:asc`}>
              {label(column)}, ascending
            </option>,
            <option key={`${id}:desc`} value={`${id}:desc`}>
              {label(column)}, descending
            </option>,
          ];
        })}
      </select>
    </div>
  );
}
