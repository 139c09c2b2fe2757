import type { ReactNode } from "react";

/*
 * The column model of DataTable. The lists page, sort and filter on the server (the URL holds
 * them), so a table only maps each row through its columns: this is the part of
 * @tanstack/react-table the lists used, without the ~14 KB (gzip) of its row models in every
 * office list's first load (issue 27). Column definitions keep react-table's shape.
 */

export interface ColumnMeta {
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

export interface ColumnDef<T> {
  /**
   * The value sent as ?sort= when the column is sortable. A column named by `accessorKey` is
   * sortable unless `enableSorting` is false; a column with only an `id` is not (as in
   * react-table: what the server cannot order by has no key of the row).
   */
  accessorKey?: Extract<keyof T, string>;
  id?: string;
  header?: string | (() => ReactNode);
  cell: (context: { row: { id: string; original: T } }) => ReactNode;
  meta?: ColumnMeta;
  enableSorting?: boolean;
  /** The first press sorts descending (dates: newest first). */
  sortDescFirst?: boolean;
}

/** The column's id: its `id`, else its `accessorKey`. */
export function columnId<T>(column: ColumnDef<T>): string {
  const id = column.id ?? column.accessorKey;
  if (!id) throw new Error("a DataTable column needs an id or an accessorKey");
  return id;
}

export function canSort<T>(column: ColumnDef<T>): boolean {
  return column.accessorKey !== undefined && column.enableSorting !== false;
}

/** The column's label in the phone views; null when it has none (e.g. a row-actions column). */
export function columnLabel<T>(column: ColumnDef<T>): string | null {
  if (column.meta?.label !== undefined) return column.meta.label || null;
  return typeof column.header === "string" && column.header !== "" ? column.header : null;
}
