"use client";

import { useEffect, useMemo, useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import type { ActionResult } from "@/lib/http/action";
import { formatMoney } from "@/lib/domain/money";
import { validateShifts, type ShiftEdit } from "@/lib/domain/shift-editing";
import type { CostEstimate, EstimateCostsInput } from "@/lib/services/rates/estimate";

export type EstimateAction = (input: EstimateCostsInput) => Promise<ActionResult<CostEstimate>>;

/** How long the form rests before the estimate is asked again. */
const DEBOUNCE_MS = 400;

interface Props {
  /** The job being edited (its own client rates win over the card). */
  jobId?: number;
  companyId: number | null;
  countryId: number | null;
  bookFromBranches: number[];
  shifts: ShiftEdit[];
  estimate: EstimateAction;
}

type State =
  | { kind: "idle" }
  | { kind: "loading"; last: CostEstimate | null }
  | { kind: "ready"; data: CostEstimate }
  | { kind: "error"; message: string };

/**
 * The live price estimate of the job form: what the client would pay for the shifts and slots
 * on screen, per shift and in total, asked of the server (the one pricing engine) ~400 ms after
 * the last edit. Only shifts the form would accept are priced; the others wait until fixed.
 * Shown only to users who may see client prices (the page decides).
 */
export function EstimatePanel({
  jobId,
  companyId,
  countryId,
  bookFromBranches,
  shifts,
  estimate,
}: Props) {
  const { input, labels } = useMemo(() => {
    const invalid = new Set(validateShifts(shifts).map((e) => e.shiftId));
    const live = shifts.filter((s) => !s.isDeleted && !invalid.has(s.id));
    return {
      labels: live.map((s) => `${s.date} ${s.start}–${s.end}`),
      input:
        companyId && live.length
          ? ({
              company_id: companyId,
              job_id: jobId,
              country_id: countryId ?? undefined,
              book_from_branches: bookFromBranches,
              shifts: live.map((s) => ({
                startDate: s.date,
                start: s.start,
                endHour: s.end,
                slots: Object.values(s.slots)
                  .filter((slot) => !slot.isDeleted)
                  .map((slot) => ({ skill_id: slot.skillId, qty: slot.qty })),
              })),
            } satisfies EstimateCostsInput)
          : null,
    };
  }, [jobId, companyId, countryId, bookFromBranches, shifts]);
  const key = input ? JSON.stringify(input) : "";
  const [state, setState] = useState<State>({ kind: "idle" });
  const asked = useRef(0);

  useEffect(() => {
    if (!key) return;
    const n = ++asked.current;
    const timer = setTimeout(() => {
      setState((s) => ({ kind: "loading", last: s.kind === "ready" ? s.data : null }));
      estimate(JSON.parse(key) as EstimateCostsInput).then(
        (r) => {
          if (n !== asked.current) return; // a newer edit is on its way
          setState(r.ok ? { kind: "ready", data: r.data } : { kind: "error", message: r.message });
        },
        () => {
          if (n === asked.current)
            setState({ kind: "error", message: "The estimate could not be loaded. Try again." });
        },
      );
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [key, estimate]);

  const data = !key
    ? null
    : state.kind === "ready"
      ? state.data
      : state.kind === "loading"
        ? state.last
        : null;

  return (
    <Card aria-labelledby="estimate-heading" role="region">
      <CardHeader>
        <CardTitle id="estimate-heading">Price estimate</CardTitle>
        <CardDescription>
          What the client pays for these shifts at its rate card, before extra costs.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <div
          aria-live="polite"
          aria-busy={state.kind === "loading"}
          className="flex flex-col gap-3"
        >
          {!companyId ? (
            <p className="text-sm text-gray-600">Choose a client to see the estimate.</p>
          ) : !key ? (
            <p className="text-sm text-gray-600">
              Add a shift with the skills it needs to see the estimate.
            </p>
          ) : state.kind === "error" ? (
            <Alert tone="warning">{state.message}</Alert>
          ) : !data ? (
            <p className="text-sm text-gray-600">Calculating…</p>
          ) : (
            <EstimateTable data={data} labels={labels} />
          )}
        </div>
      </CardContent>
    </Card>
  );
}

function EstimateTable({ data, labels }: { data: CostEstimate; labels: string[] }) {
  const money = (minor: number) =>
    formatMoney(minor, data.currency.code, data.currency.minor_units);
  return (
    <>
      {data.missing.length > 0 && (
        <Alert tone="warning" title="Some skills are not priced">
          <ul className="list-inside list-disc">
            {data.missing.map((m) => (
              <li key={m.skill_id}>{m.message}</li>
            ))}
          </ul>
        </Alert>
      )}
      <ol className="flex flex-col divide-y divide-gray-200" aria-label="Estimate per shift">
        {data.shifts.map((shift, i) => (
          <li key={i} className="flex flex-col gap-1 py-2">
            <div className="flex flex-wrap items-baseline justify-between gap-x-4">
              <span className="font-medium text-gray-900">
                {labels[shift.index] ?? `Shift ${i + 1}`}{" "}
                <span className="font-normal text-gray-600">({shift.duration})</span>
              </span>
              <span className="font-medium tabular-nums" data-testid="estimate-shift-total">
                {money(shift.total)}
              </span>
            </div>
            <ul className="flex flex-col gap-0.5 text-sm text-gray-700">
              {shift.lines.map((line) => (
                <li
                  key={line.skill_id}
                  className="flex flex-wrap items-baseline justify-between gap-x-4"
                >
                  <span>
                    {line.positions} × {line.skill_name} · {line.split}
                  </span>
                  <span className="tabular-nums">
                    {line.total === null ? "No rate" : money(line.total)}
                  </span>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
      <div className="flex items-baseline justify-between border-t border-gray-300 pt-2">
        <span className="font-semibold text-gray-900">Estimated total</span>
        <span className="text-lg font-semibold tabular-nums" data-testid="estimate-total">
          {money(data.total)}
        </span>
      </div>
    </>
  );
}
