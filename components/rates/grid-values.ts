import { amountInput } from "@/lib/domain/money";

/** The rate grid's cells as text, and how they become prices (pure, unit-tested). */
export interface RateGridColumn {
  key: string;
  /** Column header, and the start of each input's accessible name. */
  label: string;
  kind: "amount" | "time";
}

export interface RateGridRow {
  id: number;
  name: string;
  /** Sub-skills are indented under their parent. */
  parentName: string | null;
  /**
   * The parent skill's row id, on a card that lists parents with their sub-skills: the parent's
   * row then says what it prices (see `inheritanceNote`). Absent on a job's grid.
   */
  parentId?: number | null;
  /** A line under the name (where the rate comes from, a price example). */
  detail?: string;
}

export type GridValues = Record<number, Record<string, string>>;
export type GridErrors = Record<number, Record<string, string[]>>;

/** Turns the grid's text into minor units / HH:mm, collecting per-cell errors. */
export function readGrid(
  columns: RateGridColumn[],
  rows: RateGridRow[],
  values: GridValues,
  digits: number,
  parseAmount: (text: string, digits: number) => number | null,
): {
  rows: { skillId: number; values: Record<string, number | string | null> }[];
  errors: GridErrors;
} {
  const errors: GridErrors = {};
  const out = rows.map((row) => {
    const parsed: Record<string, number | string | null> = {};
    for (const c of columns) {
      const text = (values[row.id]?.[c.key] ?? "").trim();
      if (!text) {
        parsed[c.key] = null;
        continue;
      }
      if (c.kind === "amount") {
        const minor = parseAmount(text, digits);
        if (minor === null || minor < 0) {
          (errors[row.id] ??= {})[c.key] = [
            digits ? `Enter an amount such as 250.00.` : `Enter a whole amount such as 250.`,
          ];
        }
        parsed[c.key] = minor;
      } else {
        const m = /^(\d{1,2})[:.]?(\d{2})$/.exec(text);
        const time = m ? `${m[1].padStart(2, "0")}:${m[2]}` : null;
        if (!time || !/^([01]\d|2[0-3]):[0-5]\d$/.test(time))
          (errors[row.id] ??= {})[c.key] = ["Enter a time as HH:mm, e.g. 22:00."];
        parsed[c.key] = time;
      }
    }
    return { skillId: row.id, values: parsed };
  });
  return { rows: out, errors };
}

/**
 * Server field errors ("jsonData.rates.3.standard_price", "rates.3.amount") back onto the cells
 * of the rows that were sent, in order.
 */
export function gridErrorsFrom(
  errors: Record<string, string[]> | undefined,
  sentSkillIds: number[],
  keyMap: Record<string, string> = {},
): { cells: GridErrors; other: string[] } {
  const cells: GridErrors = {};
  const other: string[] = [];
  for (const [path, messages] of Object.entries(errors ?? {})) {
    const m = /(?:^|\.)rates\.(\d+)\.(\w+)$/.exec(path);
    const skillId = m ? sentSkillIds[Number(m[1])] : undefined;
    if (m && skillId !== undefined) {
      const key = keyMap[m[2]] ?? m[2];
      (cells[skillId] ??= {})[key] = messages;
    } else other.push(...messages);
  }
  return { cells, other };
}

/**
 * Stored values (minor units, "HH:mm", null) as the grid's text, per row id; `values` is any
 * record holding the columns' keys (a rate view as the server sends it).
 */
export function toGridValues(
  columns: RateGridColumn[],
  rows: { id: number; values: object }[],
  digits: number,
): GridValues {
  const values: GridValues = {};
  for (const r of rows)
    values[r.id] = Object.fromEntries(
      columns.map((c) => {
        const v = (r.values as Record<string, number | string | null | undefined>)[c.key] ?? null;
        return [
          c.key,
          c.kind === "amount" ? amountInput(v as number | null, digits) : String(v ?? ""),
        ];
      }),
    );
  return values;
}

/**
 * A short fingerprint of saved rates, for an editor's React key: after a save refreshes the
 * page with new rows the grid starts again from them (amounts shown as stored, "330.50" rather
 * than the "330,50" typed), while a refresh that changed nothing keeps what is being typed.
 */
export function contentKey(value: unknown): string {
  const text = JSON.stringify(value) ?? "";
  let h = 5381;
  for (let i = 0; i < text.length; i++) h = ((h << 5) + h + text.charCodeAt(i)) | 0;
  return (h >>> 0).toString(36);
}

const filled = (values: GridValues, id: number) =>
  Object.values(values[id] ?? {}).some((v) => v.trim() !== "");

/**
 * What a card row prices beyond itself, as the pricing engine resolves it (rates/lookup.ts: a
 * sub-skill with no row of its own takes its parent skill's): a parent row "applies to its N
 * sub-skills unless priced apart"; an empty sub-skill row under a priced parent uses the
 * parent's price. Null for a row that says nothing more (or a grid without `parentId`s).
 */
export function inheritanceNote(
  row: RateGridRow,
  rows: RateGridRow[],
  values: GridValues,
): string | null {
  if (row.parentId === undefined) return null;
  if (row.parentId === null) {
    const subs = rows.filter((r) => r.parentId === row.id).length;
    if (!subs) return null;
    return `Applies to its ${subs === 1 ? "sub-skill" : `${subs} sub-skills`} unless priced apart`;
  }
  if (filled(values, row.id) || !filled(values, row.parentId)) return null;
  const parent = rows.find((r) => r.id === row.parentId);
  return parent ? `Uses the ${parent.name} price` : null;
}
