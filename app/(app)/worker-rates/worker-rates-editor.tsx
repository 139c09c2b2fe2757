"use client";

import { useMemo, useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { Button, notify } from "@/components/ui";
import {
  RateGrid,
  gridErrorsFrom,
  readGrid,
  type GridErrors,
  type GridValues,
  type RateGridColumn,
} from "@/components/rates/rate-grid";
import { amountInput, parseAmount } from "@/lib/domain/money";
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
  skills: { id: number; name: string; parent_name: string | null }[];
  rates: WorkerRateView[];
}) {
  const router = useRouter();
  const rows = useMemo(
    () => skills.map((s) => ({ id: s.id, name: s.name, parentName: s.parent_name })),
    [skills],
  );
  const [values, setValues] = useState<GridValues>(() => {
    const v: GridValues = {};
    for (const r of rates)
      v[r.skill_id] = {
        amount: amountInput(r.amount, currency.minor_units),
        weekend_amount: amountInput(r.weekend_amount, currency.minor_units),
        night_amount: amountInput(r.night_amount, currency.minor_units),
        night_start: r.night_start ?? "",
        night_end: r.night_end ?? "",
      };
    return v;
  });
  const [errors, setErrors] = useState<GridErrors>({});
  const [pending, startTransition] = useTransition();
  const headingId = `worker-card-${userId ?? "card"}`;

  const save = () => {
    const read = readGrid(COLUMNS, rows, values, currency.minor_units, parseAmount);
    if (Object.keys(read.errors).length) {
      setErrors(read.errors);
      notify.error("Some amounts cannot be read. Correct the marked cells.");
      return;
    }
    const sent = read.rows.map((r) => ({ skill_id: r.skillId, level_id: levelId, ...r.values }));
    startTransition(async () => {
      const result = await saveWorkerCardAction({
        branch_id: branchId,
        currency_id: currency.id,
        user_id: userId,
        rates: sent,
      });
      if (!result.ok) {
        const { cells, other } = gridErrorsFrom(
          result.errors,
          sent.map((r) => r.skill_id),
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
        onChange={(skillId, key, value) => {
          setValues((v) => ({ ...v, [skillId]: { ...v[skillId], [key]: value } }));
          setErrors((e) =>
            e[skillId]?.[key] ? { ...e, [skillId]: { ...e[skillId], [key]: [] } } : e,
          );
        }}
        currencyCode={currency.code}
      />
    </section>
  );
}
