"use client";

import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { Button, notify } from "@/components/ui";
import { amountInput, parseAmount } from "@/lib/domain/money";
import {
  RateGrid,
  gridErrorsFrom,
  readGrid,
  type GridErrors,
  type GridValues,
  type RateGridColumn,
  type RateGridRow,
} from "./rate-grid";

/** A grid row of a job's rates: what it shows, and the keys it is saved under. */
export interface JobRateGridRow extends RateGridRow {
  /** Cell values as stored: minor units for amounts, "HH:mm" for times, null when empty. */
  values: Record<string, number | string | null>;
  /** Sent with the row's cells: skill_id, and level_id / user_id where the row has them. */
  keys: Record<string, number | null>;
}

export interface JobRateSection {
  title: string;
  hint?: string;
  rows: JobRateGridRow[];
}

type SaveResult =
  | { ok: true; data: { message: string } }
  | { ok: false; message: string; errors?: Record<string, string[]> };

function toValues(columns: RateGridColumn[], rows: JobRateGridRow[], digits: number): GridValues {
  const values: GridValues = {};
  for (const r of rows)
    values[r.id] = Object.fromEntries(
      columns.map((c) => {
        const v = r.values[c.key];
        return [
          c.key,
          c.kind === "amount" ? amountInput(v as number | null, digits) : String(v ?? ""),
        ];
      }),
    );
  return values;
}

/**
 * The rates of one job (the client-rates and worker-rates tabs): one or more rate grids
 * (components/rates/rate-grid) saved together with one Save; field errors come back onto
 * their cells, the message in a toast.
 */
export function JobRatesEditor({
  title,
  description,
  columns,
  sections,
  currency,
  save,
}: {
  title: string;
  description: string;
  columns: RateGridColumn[];
  sections: JobRateSection[];
  currency: { code: string; digits: number };
  save: (rates: Record<string, number | string | null>[]) => Promise<SaveResult>;
}) {
  const router = useRouter();
  const all = sections.flatMap((s) => s.rows);
  const [values, setValues] = useState<GridValues>(() => toValues(columns, all, currency.digits));
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

  const onSave = () => {
    const read = readGrid(columns, all, values, currency.digits, parseAmount);
    if (Object.keys(read.errors).length) {
      setErrors(read.errors);
      notify.error("Some amounts cannot be read. Correct the marked cells.");
      return;
    }
    const sent = read.rows.map((r, i) => ({ ...all[i].keys, ...r.values }));
    startTransition(async () => {
      const result = await save(sent);
      if (!result.ok) {
        const { cells, other } = gridErrorsFrom(
          result.errors,
          all.map((r) => r.id),
        );
        setErrors(cells);
        notify.error(other[0] ?? result.message);
        return;
      }
      setErrors({});
      notify.success(result.data.message);
      router.refresh();
    });
  };

  return (
    <section aria-labelledby="job-rates-title" className="flex min-w-0 flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id="job-rates-title" className="text-base font-semibold text-gray-900">
            {title}
          </h2>
          <p className="text-sm text-gray-600">{description}</p>
        </div>
        <Button onClick={onSave} loading={pending} className="sm:shrink-0">
          Save
        </Button>
      </div>
      {sections.map((section) => (
        <div key={section.title} className="flex min-w-0 flex-col gap-2">
          {sections.length > 1 && (
            <h3 className="text-sm font-semibold text-gray-900">{section.title}</h3>
          )}
          {section.hint && <p className="text-sm text-gray-600">{section.hint}</p>}
          <RateGrid
            caption={`${section.title}, in ${currency.code}`}
            columns={columns}
            rows={section.rows}
            values={values}
            errors={errors}
            onChange={onChange}
            currencyCode={currency.code}
          />
        </div>
      ))}
    </section>
  );
}
