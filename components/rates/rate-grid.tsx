"use client";

import { cn } from "@/components/ui";

/**
 * An editable rate card: skills down, bands across, one text input per cell. Amounts are typed
 * as decimals in the card's currency (lib/domain/money.ts parses them); night start and end as
 * HH:mm. Every input is named for screen readers ("Standard price for Stagehand"); a cell's
 * error shows under it. The table scrolls inside its own box, never the page (390 px too).
 */
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
}

export type GridValues = Record<number, Record<string, string>>;
export type GridErrors = Record<number, Record<string, string[]>>;

export function RateGrid({
  caption,
  columns,
  rows,
  values,
  errors,
  onChange,
  currencyCode,
}: {
  caption: string;
  columns: RateGridColumn[];
  rows: RateGridRow[];
  values: GridValues;
  errors: GridErrors;
  onChange: (skillId: number, key: string, value: string) => void;
  currencyCode: string;
}) {
  return (
    <div
      className="max-w-full overflow-x-auto rounded-card border border-gray-200 bg-white"
      role="region"
      aria-label={caption}
      tabIndex={0}
    >
      <table className="w-full min-w-[52rem] border-collapse text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-gray-50 text-left text-xs font-medium text-gray-700">
          <tr>
            <th scope="col" className="sticky left-0 z-10 w-48 bg-gray-50 px-3 py-2">
              Skill
            </th>
            {columns.map((c) => (
              <th key={c.key} scope="col" className="px-2 py-2 whitespace-nowrap">
                {c.label}
                {c.kind === "amount" && (
                  <span className="ml-1 font-normal text-gray-600">({currencyCode})</span>
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} className="border-t border-gray-100 align-top">
              <th
                scope="row"
                className={cn(
                  "sticky left-0 z-10 bg-white px-3 py-2 text-left font-medium text-gray-900",
                  row.parentName && "pl-7 font-normal",
                )}
              >
                {row.name}
              </th>
              {columns.map((c) => {
                const cellErrors = errors[row.id]?.[c.key] ?? [];
                const errorId = `rate-${row.id}-${c.key}-error`;
                return (
                  <td key={c.key} className="px-2 py-1.5">
                    <input
                      type="text"
                      inputMode={c.kind === "amount" ? "decimal" : "numeric"}
                      autoComplete="off"
                      placeholder={c.kind === "time" ? "HH:mm" : undefined}
                      aria-label={`${c.label} for ${row.name}`}
                      aria-invalid={cellErrors.length ? true : undefined}
                      aria-describedby={cellErrors.length ? errorId : undefined}
                      value={values[row.id]?.[c.key] ?? ""}
                      onChange={(e) => onChange(row.id, c.key, e.target.value)}
                      className={cn(
                        "h-9 w-full min-w-[5.5rem] rounded-control border border-gray-400 bg-white px-2 text-right tabular-nums",
                        "focus:border-accent-600 focus:ring-2 focus:ring-accent-600/30 focus:outline-none",
                        c.kind === "time" && "text-left",
                        cellErrors.length && "border-red-600",
                      )}
                    />
                    {cellErrors.length > 0 && (
                      <p id={errorId} className="mt-1 text-xs text-red-700">
                        {cellErrors.join(" ")}
                      </p>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

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
