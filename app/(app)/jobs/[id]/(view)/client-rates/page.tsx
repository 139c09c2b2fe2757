import type { Metadata } from "next";
import { JobRatesEditor, type JobRateGridRow } from "@/components/rates/job-rates-editor";
import { JobRatesEmpty, JobRatesNote, exampleText } from "@/components/rates/job-rates-note";
import type { RateGridColumn } from "@/components/rates/rate-grid";
import { requestCtx } from "@/lib/auth/session";
import { pageData } from "@/lib/http/page";
import { getJobClientRates, type JobClientRateRow } from "@/lib/services/rates/job-rates";
import { jobForPage } from "../../data";
import { saveClientRates } from "./actions";

export const dynamic = "force-dynamic";

export async function generateMetadata({
  params,
}: {
  params: Promise<{ id: string }>;
}): Promise<Metadata> {
  const job = await jobForPage((await params).id);
  return { title: `${job.name} · Client rates` };
}

const COLUMNS: RateGridColumn[] = [
  { key: "standard_price", label: "Standard price", kind: "amount" },
  { key: "weekend_price", label: "Weekend price", kind: "amount" },
  { key: "night_price", label: "Night price", kind: "amount" },
  { key: "night_start", label: "Night start", kind: "time" },
  { key: "night_end", label: "Night end", kind: "time" },
  { key: "rate_worker", label: "Worker pay", kind: "amount" },
];

const SOURCE: Record<NonNullable<JobClientRateRow["source"]>, string> = {
  job: "This job's rate",
  card: "From the client's card (not copied)",
  "parent-job": "This job's rate of the parent skill",
  "parent-card": "From the card's parent skill",
};

export default async function JobClientRatesPage({ params }: { params: Promise<{ id: string }> }) {
  const job = await jobForPage((await params).id);
  const view = await pageData(getJobClientRates(await requestCtx(), job.id));
  const tz = job.country.time_zone;
  if (!view.branch || !view.rates.length)
    return (
      <JobRatesEmpty
        header={view}
        rows={view.rates.length}
        card="the client's card"
        perSkill="a rate"
      />
    );
  const rows: JobRateGridRow[] = view.rates.map((r) => ({
    id: r.skill_id,
    name: r.skill_name,
    parentName: r.parent_skill_name,
    detail: r.source
      ? [SOURCE[r.source], exampleText(r.example, view.currency.code)].filter(Boolean).join(" · ")
      : "No rate: the client's card has none for this skill",
    values: Object.fromEntries(
      COLUMNS.map((c) => [c.key, r[c.key as keyof JobClientRateRow] as number | string | null]),
    ),
    keys: { skill_id: r.skill_id },
  }));
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <JobRatesNote header={view} card="the client's card" timeZone={tz} />
      <JobRatesEditor
        // Saved values come back from the server (an emptied row shows the card again).
        key={JSON.stringify(rows.map((r) => r.values))}
        title="Client rates"
        description={`What the client pays per hour on this job, in ${view.currency.code}. Under each skill: what one position on its first shift comes to. Leave a row empty to use the client's card again; night prices apply inside the night window, which may cross midnight.`}
        columns={COLUMNS}
        sections={[{ title: "Client rates of this job", rows }]}
        currency={view.currency}
        save={saveClientRates.bind(null, job.id)}
      />
    </div>
  );
}
