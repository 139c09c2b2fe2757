import { describeDuration } from "@/lib/domain/pricing";
import type { ProjectionView } from "@/lib/services/jobs/projection";

export const STAGE_LABELS = {
  planned: "Planned",
  booked: "Booked",
  reported: "Reported",
  approved: "Approved",
} as const;
export const STAGES = Object.keys(STAGE_LABELS) as (keyof typeof STAGE_LABELS)[];

export const hours = (minutes: number) => (minutes ? describeDuration(minutes) : "—");
export const percent = (p: number | null) => (p === null ? "—" : `${p.toFixed(1)} %`);
export const marginTone = (n: number) => (n < 0 ? "text-danger-700" : "text-gray-900");

type Totals = ProjectionView["totals"]["planned"];

const FIGURES: [string, (f: Totals, money: (minor: number) => string) => string][] = [
  ["Hours", (f) => hours(f.minutes)],
  ["Revenue", (f, money) => money(f.revenue)],
  ["Worker cost", (f, money) => money(f.worker_cost)],
  ["Additional costs", (f, money) => money(f.additional_costs)],
  ["Margin", (f, money) => money(f.margin)],
  ["Margin %", (f) => percent(f.margin_percent)],
];

const tone = (label: string, f: Totals) =>
  label.startsWith("Margin") ? marginTone(f.margin) : "text-gray-900";

/**
 * The job at each stage, planned → booked → reported → approved. A phone gets one card per
 * stage (four money columns do not fit 390 px); a wider screen the table.
 */
export function StagesTable({
  totals,
  money,
}: {
  totals: ProjectionView["totals"];
  money: (minor: number) => string;
}) {
  return (
    <section aria-labelledby="projection-stages" className="min-w-0">
      <h3 id="projection-stages" className="mb-2 text-base font-semibold text-gray-900">
        Planned, booked, reported and approved
      </h3>
      <ul
        aria-label="The job at each stage"
        className="grid grid-cols-1 gap-3 min-[360px]:grid-cols-2 sm:hidden"
      >
        {STAGES.map((s) => (
          <li
            key={s}
            className="rounded-card border border-gray-200 bg-white px-3 py-2 text-sm shadow-sm"
          >
            <p className="font-semibold text-gray-900">{STAGE_LABELS[s]}</p>
            <dl className="mt-1 flex flex-col gap-0.5 tabular-nums">
              {FIGURES.map(([label, show]) => (
                <div key={label} className="flex flex-col">
                  <dt className="text-xs text-gray-600">{label}</dt>
                  <dd className={`font-medium ${tone(label, totals[s])}`}>
                    {show(totals[s], money)}
                  </dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
      <div
        role="region"
        aria-label="Stages, scrolls sideways"
        tabIndex={0}
        className="hidden overflow-x-auto rounded-card border border-gray-200 bg-white sm:block"
      >
        <table className="w-full min-w-[36rem] text-sm">
          <caption className="sr-only">The job at each stage</caption>
          <thead className="bg-gray-50 text-left text-gray-700">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                Figure
              </th>
              {STAGES.map((s) => (
                <th key={s} scope="col" className="px-3 py-2 text-right font-medium">
                  {STAGE_LABELS[s]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100 tabular-nums">
            {FIGURES.map(([label, show]) => (
              <tr key={label}>
                <th scope="row" className="px-3 py-2 text-left font-medium text-gray-700">
                  {label}
                </th>
                {STAGES.map((s) => (
                  <td
                    key={s}
                    className={`px-3 py-2 text-right whitespace-nowrap ${tone(label, totals[s])}`}
                  >
                    {show(totals[s], money)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
