"use client";

import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { notify } from "@/components/ui";
import { parseAmount } from "@/lib/domain/money";
import {
  gridErrorsFrom,
  readGrid,
  toGridValues,
  type GridErrors,
  type GridValues,
  type RateGridColumn,
  type RateGridRow,
} from "./grid-values";

export { toGridValues };

export type RateSaveResult =
  | { ok: true; data: { message: string } }
  | { ok: false; message: string; errors?: Record<string, string[]> };

/**
 * What every rate grid editor does (client card, worker card, a job's rates): keeps the cells'
 * text and errors, reads them back as prices (marking the cells that cannot be read), and
 * saves: a success toasts and refreshes the page, field errors come back onto their cells and
 * the rest into a toast.
 */
export function useRateGrid(
  columns: RateGridColumn[],
  rows: RateGridRow[],
  digits: number,
  initial: () => GridValues,
) {
  const router = useRouter();
  const [values, setValues] = useState<GridValues>(initial);
  const [errors, setErrors] = useState<GridErrors>({});
  const [pending, startTransition] = useTransition();

  const onChange = (rowId: number, key: string, value: string) => {
    setValues((v) => ({ ...v, [rowId]: { ...v[rowId], [key]: value } }));
    setErrors((e) => {
      if (!e[rowId]?.[key]) return e;
      const cells = { ...e[rowId] };
      delete cells[key];
      return { ...e, [rowId]: cells };
    });
  };

  /** The rows as prices, or null when a cell cannot be read (marked, and said in a toast). */
  const read = (what: "amounts" | "prices" = "amounts") => {
    const r = readGrid(columns, rows, values, digits, parseAmount);
    if (Object.keys(r.errors).length) {
      setErrors(r.errors);
      notify.error(`Some ${what} cannot be read. Correct the marked cells.`);
      return null;
    }
    return r.rows;
  };

  /** The server's field errors onto the cells of the rows sent (in order), the rest toasted. */
  const showFailure = (
    result: { message: string; errors?: Record<string, string[]> },
    sentIds: number[],
  ) => {
    const { cells, other } = gridErrorsFrom(result.errors, sentIds);
    setErrors(cells);
    notify.error(other[0] ?? result.message);
  };

  const submit = (call: () => Promise<RateSaveResult>, sentIds: number[]) =>
    startTransition(async () => {
      const result = await call();
      if (!result.ok) return showFailure(result, sentIds);
      setErrors({});
      notify.success(result.data.message);
      router.refresh();
    });

  const load = (next: GridValues) => {
    setValues(next);
    setErrors({});
  };

  return { values, errors, onChange, pending, read, submit, showFailure, load };
}
