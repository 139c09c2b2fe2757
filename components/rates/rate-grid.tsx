"use client";

import { cn } from "@/components/ui/cn";
import {
  inheritanceNote,
  type GridErrors,
  type GridValues,
  type RateGridColumn,
  type RateGridRow,
} from "./grid-values";

export type { GridErrors, GridValues, RateGridColumn, RateGridRow } from "./grid-values";
export { gridErrorsFrom, readGrid } from "./grid-values";

/**
 * An editable rate card: skills down, bands across, one text input per cell. Amounts are typed
 * as decimals in the card's currency (lib/domain/money.ts parses them); night start and end as
 * HH:mm. Every input is named for screen readers ("Standard price for Stagehand"); a cell's
 * error shows under it. The table scrolls inside its own box, never the page (390 px too); a
 * long skill name wraps in its column rather than widening it. On a card (rows with
 * `parentId`) a parent skill's row says that it prices its sub-skills unless they are priced
 * apart, and an empty sub-skill row that it uses the parent's price — as the pricing engine
 * resolves them.
 */
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
            <th
              scope="col"
              className="sticky left-0 z-10 w-48 max-w-48 min-w-36 bg-gray-50 px-3 py-2"
            >
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
          {rows.map((row) => {
            const note = inheritanceNote(row, rows, values);
            return (
              <tr key={row.id} className="border-t border-gray-100 align-top">
                <th
                  scope="row"
                  className={cn(
                    "sticky left-0 z-10 w-48 max-w-48 min-w-36 bg-white px-3 py-2 text-left font-medium wrap-anywhere text-gray-900",
                    row.parentName && "pl-7 font-normal",
                  )}
                >
                  {row.name}
                  {row.detail && (
                    <span className="mt-0.5 block text-xs font-normal text-gray-600">
                      {row.detail}
                    </span>
                  )}
                  {note && (
                    <span className="mt-0.5 block text-xs font-normal text-gray-600">{note}</span>
                  )}
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
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
