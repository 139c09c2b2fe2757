"use client";

import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { notify } from "@/components/ui/toaster";
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
  | {
      ok: false;
      message: string;
      type?: string;
      errors?: Record<string, string[]>;
      details?: Record<string, unknown>;
    };

/** The flags a save may be repeated with: `save_anyway` answers "this rate loses money". */
export type RateSaveFlags = { save_anyway?: boolean };

/** A row the server says loses money (410 `rate_loses_money`), with the cells at fault. */
export interface LossRow {
  skill_id: number;
  skill_name: string;
  losses: { field: string; message: string }[];
}

/** A save waiting for "Save anyway": what loses money, and the repeat. */
export interface PendingLoss {
  rows: LossRow[];
  retry: () => void;
}

/**
 * What every rate grid editor does (client card, worker card, a job's rates): keeps the cells'
 * text and errors, reads them back as prices (marking the cells that cannot be read), and
 * saves: a success toasts and refreshes the page, field errors come back onto their cells and
 * the rest into a toast. A card that loses money (410 `rate_loses_money`) is asked about once
 * (`loss`, shown by RateLossConfirm): "Save anyway" repeats the save with `save_anyway`.
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
  const [loss, setLoss] = useState<PendingLoss | null>(null);

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

  const submit = (
    call: (flags: RateSaveFlags) => Promise<RateSaveResult>,
    sentIds: number[],
    flags: RateSaveFlags = {},
  ) =>
    startTransition(async () => {
      const result = await call(flags);
      if (!result.ok && result.type === "rate_loses_money") {
        const rows = (result.details?.rates ?? []) as LossRow[];
        setLoss({ rows, retry: () => submit(call, sentIds, { ...flags, save_anyway: true }) });
        return;
      }
      setLoss(null);
      if (!result.ok) return showFailure(result, sentIds);
      setErrors({});
      notify.success(result.data.message);
      router.refresh();
    });

  const load = (next: GridValues) => {
    setValues(next);
    setErrors({});
  };

  return {
    values,
    errors,
    onChange,
    pending,
    read,
    submit,
    showFailure,
    load,
    loss,
    dismissLoss: () => setLoss(null),
  };
}
