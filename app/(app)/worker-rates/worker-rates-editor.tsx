"use client";

import { useMemo } from "react";
import { Button } from "@/components/ui/button";
import { RateGrid, type RateGridColumn } from "@/components/rates/rate-grid";
import { toGridValues, useRateGrid } from "@/components/rates/use-rate-grid";
import type { CurrencyView, WorkerRateView } from "@/lib/services/rates";
import { saveWorkerCardAction } from "./actions";

const COLUMNS: RateGridColumn[] = [
  { key: "amount", label: "Standard pay", kind: "amount" },
  { key: "weekend_amount", label: "Weekend pay", kind: "amount" },
  { key: "night_amount", label: "Night pay", kind: "amount" },
  { key: "night_start", label: "Night start", kind: "time" },
  { key: "night_end", label: "Night end", kind: "time" },
];

/** One worker rate card (a branch × level, or one worker's custom rates) with one Save. */
export function WorkerRatesEditor({
  title,
  branchId,
  userId,
  levelId,
  currency,
  skills,
  rates,
}: {
  title: string;
  branchId: number;
  userId?: number;
  levelId: number | null;
  currency: CurrencyView;
  skills: { id: number; name: string; parent_id: number | null; parent_name: string | null }[];
  rates: WorkerRateView[];
}) {
  const rows = useMemo(
    () =>
      skills.map((s) => ({
        id: s.id,
        name: s.name,
        parentName: s.parent_name,
        parentId: s.parent_id,
      })),
    [skills],
  );
  const grid = useRateGrid(COLUMNS, rows, currency.minor_units, () =>
    toGridValues(
      COLUMNS,
      rates.map((r) => ({ id: r.skill_id, values: r })),
      currency.minor_units,
    ),
  );
  const { values, errors, onChange, pending } = grid;
  const headingId = `worker-card-${userId ?? "card"}`;

  const save = () => {
    const read = grid.read();
    if (!read) return;
    const sent = read.map((r) => ({ skill_id: r.skillId, level_id: levelId, ...r.values }));
    grid.submit(
      () =>
        saveWorkerCardAction({
          branch_id: branchId,
          currency_id: currency.id,
          user_id: userId,
          rates: sent,
        }),
      sent.map((r) => r.skill_id),
    );
  };

  return (
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col gap-3">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id={headingId} className="text-base font-semibold text-gray-900">
            {title}
          </h2>
          <p className="text-sm text-gray-600">
            Pay per hour in {currency.code}. Leave a row empty to remove its rate.
          </p>
        </div>
        <Button onClick={save} loading={pending}>
          Save
        </Button>
      </div>
      <RateGrid
        caption={`${title}, in ${currency.code}`}
        columns={COLUMNS}
        rows={rows}
        values={values}
        errors={errors}
        onChange={onChange}
        currencyCode={currency.code}
      />
    </section>
  );
}
