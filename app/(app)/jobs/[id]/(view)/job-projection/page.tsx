import type { Metadata } from "next";
import { requestCtx } from "@/lib/auth/session";
import { pageData } from "@/lib/http/page";
import { can } from "@/lib/services/context";
import { jobProjection } from "@/lib/services/jobs/projection";
import { jobForPage } from "../../data";
import { ProjectionPanel } from "./projection-panel";

export async function generateMetadata({
  params,
}: {
  params: Promise<{ id: string }>;
}): Promise<Metadata> {
  const job = await jobForPage((await params).id);
  return { title: `${job.name} · Job projection` };
}

export default async function JobProjectionPage({ params }: { params: Promise<{ id: string }> }) {
  const job = await jobForPage((await params).id);
  const ctx = await requestCtx();
  const projection = await pageData(jobProjection(ctx, job.id));
  return (
    <ProjectionPanel
      projection={projection}
      links={{
        // Only links the viewer can open: this job's own rates, the client's rate card and the
        // worker rate cards.
        jobClientRates: job.can.rates ? `/jobs/${job.id}/client-rates` : null,
        jobWorkerRates: job.can.rates ? `/jobs/${job.id}/worker-rates` : null,
        clientRates:
          can(ctx, "company_access") && can(ctx, "rate_access")
            ? `/client/${job.company.id}/rates`
            : null,
        workerRates: can(ctx, "can_manage_worker_rates") ? "/worker-rates" : null,
      }}
    />
  );
}
