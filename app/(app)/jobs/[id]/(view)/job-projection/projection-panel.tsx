import { NavLink } from "@/components/ui/nav-link";
import { Alert } from "@/components/ui/alert";
import { EmptyState } from "@/components/ui/empty-state";
import { formatRange } from "@/lib/domain/format";
import { formatMoney } from "@/lib/domain/money";
import type { ProjectionView, StageFigures } from "@/lib/services/jobs/projection";

import { hours, marginTone, percent, STAGE_LABELS, STAGES, StagesTable } from "./stages-table";

/**
 * The job-projection tab: what the job earns (client rates), what its crew costs (worker
 * rates) and what is left after the additional costs, planned vs booked vs reported/approved.
 * Read-only; rendered on the server (the figures are computed there, holidays included).
 */
export function ProjectionPanel({
  projection: p,
  links,
}: {
  projection: ProjectionView;
  links: {
    jobClientRates: string | null;
    jobWorkerRates: string | null;
    clientRates: string | null;
    workerRates: string | null;
  };
}) {
  const money = (minor: number) => formatMoney(minor, p.currency, p.digits);
  const planned = p.totals.planned;
  const date = (iso: string) => new Date(iso);
  const cards = [
    {
      label: "Revenue",
      value: money(planned.revenue),
      note: `Booked ${money(p.totals.booked.revenue)}`,
    },
    {
      label: "Worker cost",
      value: money(planned.worker_cost),
      note: `Booked ${money(p.totals.booked.worker_cost)}`,
    },
    {
      label: "Additional costs",
      value: money(p.additional_costs.total),
      note: "Travel, equipment, food, other",
    },
    {
      label: "Margin",
      value: money(planned.margin),
      note: `${percent(planned.margin_percent)} of revenue`,
      negative: planned.margin < 0,
    },
  ];
  const clientMissing = p.missing_rates.some((m) => m.kind === "client");
  const workerMissing = p.missing_rates.some((m) => m.kind === "worker");
  const rateLinks: [string, string][] = [];
  const offer = (when: boolean, href: string | null, label: string) => {
    if (when && href) rateLinks.push([href, label]);
  };
  offer(clientMissing, links.jobClientRates, "Set this job's client rates");
  offer(workerMissing, links.jobWorkerRates, "Set this job's worker rates");
  offer(clientMissing, links.clientRates, "Open the client's rate card");
  offer(workerMissing, links.workerRates, "Open the worker rates");

  return (
    <div className="flex min-w-0 flex-col gap-4">
      <div className="min-w-0">
        <h2 className="text-lg font-semibold text-gray-900">Job projection</h2>
        <p className="text-sm text-gray-600">
          What this job earns and costs, in {p.currency}. Planned counts every position for the
          whole shift, an open place paid what the skill pays its least experienced worker; booked
          counts the filled places at each worker&apos;s own rate; reported and approved count the
          hours worked.
        </p>
      </div>

      {p.missing_rates.length > 0 && (
        <Alert tone="warning" title="Some rates are missing, so their hours count as 0">
          <ul className="list-disc pl-5">
            {p.missing_rates.map((m) => (
              <li key={m.message}>{m.message}</li>
            ))}
          </ul>
          {rateLinks.length > 0 && (
            <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1">
              {rateLinks.map(([href, label]) => (
                <NavLink key={href} href={href} className="font-medium underline">
                  {label}
                </NavLink>
              ))}
            </p>
          )}
        </Alert>
      )}

      <section aria-labelledby="projection-summary" className="min-w-0">
        <h3 id="projection-summary" className="sr-only">
          Planned summary
        </h3>
        <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          {cards.map((c) => (
            <div
              key={c.label}
              className="min-w-0 rounded-card border border-gray-200 bg-white px-4 py-3 shadow-sm"
            >
              <dt className="text-sm text-gray-600">{c.label}</dt>
              <dd
                className={`text-base font-semibold break-words tabular-nums sm:text-lg ${c.negative ? "text-danger-700" : "text-gray-900"}`}
              >
                {c.value}
              </dd>
              <dd className="text-xs text-gray-600">{c.note}</dd>
            </div>
          ))}
        </dl>
      </section>

      {p.shifts.length === 0 ? (
        <EmptyState
          title="No shifts yet"
          hint="Add shifts and positions to this job to see what it earns and what its crew costs."
        />
      ) : (
        <>
          <StagesTable totals={p.totals} money={money} />

          <section aria-labelledby="projection-shifts" className="min-w-0">
            <h3 id="projection-shifts" className="mb-2 text-base font-semibold text-gray-900">
              Per shift
            </h3>
            {/* A phone gets one card per shift; a wider screen the table. */}
            <ul className="flex flex-col gap-3 sm:hidden">
              {p.shifts.map((s) => (
                <li
                  key={s.id}
                  className="rounded-card border border-gray-200 bg-white px-4 py-3 text-sm shadow-sm"
                >
                  <p className="font-medium text-gray-900">
                    {formatRange(date(s.start), date(s.end), p.time_zone)}
                  </p>
                  <ul className="mt-1 text-xs text-gray-600">
                    {s.slots.map((slot) => (
                      <li key={slot.id}>
                        {slot.skill.name} × {slot.positions}: {slot.split}
                      </li>
                    ))}
                    {s.slots.length === 0 && <li>No positions</li>}
                  </ul>
                  <PhoneFigures of={s} money={money} />
                </li>
              ))}
              <li className="rounded-card border border-accent-200 bg-accent-50 px-4 py-3 text-sm">
                <p className="font-semibold text-gray-900">Total</p>
                <PhoneFigures of={p.totals} money={money} afterCosts />
              </li>
            </ul>
            <div
              role="region"
              aria-label="Shifts, scrolls sideways"
              tabIndex={0}
              className="hidden overflow-x-auto rounded-card border border-gray-200 bg-white sm:block"
            >
              <table className="w-full min-w-[40rem] text-sm">
                <caption className="sr-only">
                  Each shift: hours at each stage, and the planned revenue, worker cost and margin
                </caption>
                <thead className="bg-gray-50 text-left text-gray-700">
                  <tr>
                    <th scope="col" className="px-3 py-2 font-medium">
                      Shift
                    </th>
                    <th scope="col" className="px-3 py-2 text-right font-medium">
                      Hours
                    </th>
                    <th scope="col" className="px-3 py-2 text-right font-medium">
                      Revenue
                    </th>
                    <th scope="col" className="px-3 py-2 text-right font-medium">
                      Worker cost
                    </th>
                    <th scope="col" className="px-3 py-2 text-right font-medium">
                      Margin
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-gray-100 align-top tabular-nums">
                  {p.shifts.map((s) => (
                    <tr key={s.id}>
                      <th scope="row" className="px-3 py-2 text-left font-medium text-gray-900">
                        <span className="whitespace-nowrap">
                          {formatRange(date(s.start), date(s.end), p.time_zone)}
                        </span>
                        <ul className="mt-1 flex flex-col gap-0.5 text-xs font-normal text-gray-600">
                          {s.slots.map((slot) => (
                            <li key={slot.id}>
                              {slot.skill.name} × {slot.positions}: {slot.split}
                            </li>
                          ))}
                          {s.slots.length === 0 && <li>No positions</li>}
                        </ul>
                      </th>
                      <Hours of={s} />
                      <Money figures={s.planned} booked={s.booked} field="revenue" money={money} />
                      <Money
                        figures={s.planned}
                        booked={s.booked}
                        field="worker_cost"
                        money={money}
                      />
                      <Money figures={s.planned} booked={s.booked} field="margin" money={money} />
                    </tr>
                  ))}
                </tbody>
                <tfoot className="border-t-2 border-gray-200 bg-gray-50 font-semibold tabular-nums">
                  <tr>
                    <th scope="row" className="px-3 py-2 text-left">
                      Total
                    </th>
                    <Hours of={p.totals} />
                    <Money
                      figures={planned}
                      booked={p.totals.booked}
                      field="revenue"
                      money={money}
                    />
                    <Money
                      figures={planned}
                      booked={p.totals.booked}
                      field="worker_cost"
                      money={money}
                    />
                    <td className="px-3 py-2 text-right whitespace-nowrap">
                      <span className={marginTone(planned.margin + planned.additional_costs)}>
                        {money(planned.margin + planned.additional_costs)}
                      </span>
                      <span className="block text-xs font-normal text-gray-600">
                        after additional costs {money(planned.margin)}
                      </span>
                    </td>
                  </tr>
                </tfoot>
              </table>
            </div>
            <p className="mt-2 hidden text-xs text-gray-600 sm:block">
              Revenue, worker cost and margin per shift are planned figures; the line below each is
              what the booked crew comes to. Each figure is rounded once, so the total can differ
              from the sum of the shifts by a minor unit.
            </p>
          </section>
        </>
      )}
    </div>
  );
}

/** A shift's (or the job's) figures on a phone card: hours per stage, then planned money. */
function PhoneFigures({
  of,
  money,
  afterCosts = false,
}: {
  of: Record<(typeof STAGES)[number], StageFigures>;
  money: (minor: number) => string;
  /** The job's totals: their margins are after the additional costs. */
  afterCosts?: boolean;
}) {
  const after = afterCosts ? " after additional costs" : "";
  const rows: [string, string][] = [
    ...STAGES.map((stage): [string, string] => [
      `${STAGE_LABELS[stage]} hours`,
      hours(of[stage].minutes),
    ]),
    ["Revenue", money(of.planned.revenue)],
    ["Worker cost", money(of.planned.worker_cost)],
    [`Margin${after}`, money(of.planned.margin)],
    [`Booked margin${after}`, money(of.booked.margin)],
  ];
  return (
    <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-3 gap-y-0.5 tabular-nums">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-gray-600">{label}</dt>
          <dd className="text-right whitespace-nowrap text-gray-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The hours of a shift (or the job) at each stage, stacked in one cell. */
function Hours({ of }: { of: Record<(typeof STAGES)[number], { minutes: number }> }) {
  return (
    <td className="px-3 py-2 whitespace-nowrap">
      <dl className="grid grid-cols-[auto_auto] justify-end gap-x-3 text-right">
        {STAGES.map((stage) => (
          <div key={stage} className="contents">
            <dt className="text-xs leading-5 font-normal text-gray-600">{STAGE_LABELS[stage]}</dt>
            <dd className="leading-5">{hours(of[stage].minutes)}</dd>
          </div>
        ))}
      </dl>
    </td>
  );
}

function Money({
  figures,
  booked,
  field,
  money,
}: {
  figures: StageFigures;
  booked: StageFigures;
  field: "revenue" | "worker_cost" | "margin";
  money: (minor: number) => string;
}) {
  const tone = field === "margin" && figures.margin < 0 ? "text-danger-700" : "";
  return (
    <td className="px-3 py-2 text-right whitespace-nowrap">
      <span className={tone}>{money(figures[field])}</span>
      <span className="block text-xs font-normal text-gray-600">booked {money(booked[field])}</span>
    </td>
  );
}
