import type { Metadata } from "next";
import {
  JobRatesEditor,
  type JobRateGridRow,
  type JobRateSection,
} from "@/components/rates/job-rates-editor";
import { JobRatesEmpty, JobRatesNote, exampleText } from "@/components/rates/job-rates-note";
import type { RateGridColumn } from "@/components/rates/rate-grid";
import { requestCtx } from "@/lib/auth/session";
import { pageData } from "@/lib/http/page";
import { getJobWorkerRates, type JobWorkerRateRow } from "@/lib/services/rates/job-rates";
import { jobForPage } from "../../data";
import { saveWorkerRates } from "./actions";

export const dynamic = "force-dynamic";

export async function generateMetadata({
  params,
}: {
  params: Promise<{ id: string }>;
}): Promise<Metadata> {
  const job = await jobForPage((await params).id);
  return { title: `${job.name} · Worker rates` };
}

const COLUMNS: RateGridColumn[] = [
  { key: "amount", label: "Standard pay", kind: "amount" },
  { key: "weekend_amount", label: "Weekend pay", kind: "amount" },
  { key: "night_amount", label: "Night pay", kind: "amount" },
  { key: "night_start", label: "Night start", kind: "time" },
  { key: "night_end", label: "Night end", kind: "time" },
];

const SOURCE: Record<NonNullable<JobWorkerRateRow["source"]>, string> = {
  "job-user": "Own rate on this job",
  job: "This job's rate",
  custom: "Custom rate from the worker card",
  "card-level": "From the worker card",
  card: "From the worker card (not copied)",
  "parent-job-user": "Own rate on this job for the parent skill",
  "parent-job": "This job's rate of the parent skill",
  "parent-custom": "Custom rate of the parent skill",
  "parent-card-level": "From the worker card's parent skill",
  "parent-card": "From the worker card's parent skill",
};

export default async function JobWorkerRatesPage({ params }: { params: Promise<{ id: string }> }) {
  const job = await jobForPage((await params).id);
  const view = await pageData(getJobWorkerRates(await requestCtx(), job.id));
  const tz = job.country.time_zone;
  if (!view.branch || !view.rates.length)
    return (
      <JobRatesEmpty
        header={view}
        rows={view.rates.length}
        card="the worker rate card"
        perSkill="its pay"
      />
    );
  const code = view.currency.code;
  const example = (r: JobWorkerRateRow) => exampleText(r.example, code);
  const cells = (r: JobWorkerRateRow) =>
    Object.fromEntries(
      COLUMNS.map((c) => [c.key, r[c.key as keyof JobWorkerRateRow] as number | string | null]),
    );
  let id = 0;
  const levelRows: JobRateGridRow[] = view.rates.map((r) => ({
    id: ++id,
    name: `${r.skill_name} · ${r.level_name ?? "Any level"}`,
    parentName: r.level_id === null ? null : r.skill_name,
    detail:
      r.source === "job"
        ? [SOURCE.job, example(r)].filter(Boolean).join(" · ")
        : r.source === "card"
          ? [SOURCE.card, example(r)].filter(Boolean).join(" · ")
          : "No rate",
    values: cells(r),
    keys: { skill_id: r.skill_id, level_id: r.level_id },
  }));
  const workerRows: JobRateGridRow[] = view.workers.map((r) => ({
    id: ++id,
    name: `${r.user_name} · ${r.skill_name}`,
    parentName: null,
    detail: r.source
      ? `Now: ${[SOURCE[r.source], example(r)].filter(Boolean).join(" · ")}`
      : "Now: no rate applies",
    values: cells(r),
    keys: { skill_id: r.skill_id, user_id: r.user_id },
  }));
  const sections: JobRateSection[] = [{ title: "Pay per skill and level", rows: levelRows }];
  if (workerRows.length)
    sections.push({
      title: "Pay of booked workers",
      hint: "A worker's own rate on this job beats every other rate for that worker. Leave a row empty to use the rate above.",
      rows: workerRows,
    });
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <JobRatesNote header={view} card="the worker rate card" timeZone={tz} />
      <JobRatesEditor
        // Saved values come back from the server (an emptied row shows the card again).
        key={JSON.stringify([...levelRows, ...workerRows].map((r) => r.values))}
        title="Worker rates"
        description={`What the crew earns per hour on this job, in ${code}. A worker gets the row of their level in the skill, else the any-level row; under each row, what one position on the skill's first shift pays. Leave a row empty to remove the job's rate.`}
        columns={COLUMNS}
        sections={sections}
        currency={view.currency}
        save={saveWorkerRates.bind(null, job.id)}
      />
    </div>
  );
}
