"use client";

import { Button } from "@/components/ui/button";
import { RateGrid, type RateGridColumn, type RateGridRow } from "./rate-grid";
import {
  toGridValues,
  useRateGrid,
  type RateSaveFlags,
  type RateSaveResult,
} from "./use-rate-grid";
import { RateLossConfirm } from "./rate-loss-confirm";

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
  save: (
    rates: Record<string, number | string | null>[],
    flags: RateSaveFlags,
  ) => Promise<RateSaveResult>;
}) {
  const all = sections.flatMap((s) => s.rows);
  const grid = useRateGrid(columns, all, currency.digits, () =>
    toGridValues(columns, all, currency.digits),
  );
  const { values, errors, onChange, pending } = grid;

  const onSave = () => {
    const read = grid.read();
    if (!read) return;
    const sent = read.map((r, i) => ({ ...all[i].keys, ...r.values }));
    grid.submit(
      (flags) => save(sent, flags),
      all.map((r) => r.id),
    );
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
      <RateLossConfirm loss={grid.loss} busy={pending} onCancel={grid.dismissLoss} />
    </section>
  );
}
