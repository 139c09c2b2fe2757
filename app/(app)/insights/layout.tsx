import { PageHeader } from "@/components/ui/page-header";
import { requestCtx } from "@/lib/auth/session";
import { pageData } from "@/lib/http/page";
import { can, type Ctx } from "@/lib/services/context";
import { branchesForJobs, clientsWithJobs } from "@/lib/services/jobs/filters";
import { listBranches } from "@/lib/services/reference";
import { InsightsFilters, InsightsTabs } from "./view-controls";

/** Branch and client choices: those of the jobs the user sees (a client contact: its own). */
async function filterOptions(ctx: Ctx) {
  const jobs = can(ctx, "job_view");
  const client = ctx.actor?.kind === "user" && ctx.actor.isClient;
  const [branches, clients] = await Promise.all([
    jobs ? branchesForJobs(ctx) : listBranches(ctx),
    jobs && !client ? clientsWithJobs(ctx) : Promise.resolve([]),
  ]);
  const options = (list: { id: number; name: string }[]) =>
    list.map((o) => ({ value: o.id, label: o.name }));
  return { branches: options(branches), clients: options(clients) };
}

/**
 * /insights, /insights/workers [can_view_statistics] and /insights/earnings
 * [can_view_earning_statistics] (spec §2): the period, branch and client in the query, carried
 * by the tabs; each page draws its charts from the statistics verbs.
 */
export default async function InsightsLayout({ children }: { children: React.ReactNode }) {
  const ctx = await requestCtx();
  const client = ctx.actor?.kind === "user" && ctx.actor.isClient;
  const { branches, clients } = await pageData(filterOptions(ctx));
  return (
    <>
      <PageHeader
        title="Insights"
        description="Jobs, hours, workers and earnings over a period, as charts and tables."
        className="mb-4"
      />
      <InsightsTabs
        statistics={can(ctx, "can_view_statistics")}
        // Margins and worker pay are the office's: never a tab for a client contact.
        earnings={can(ctx, "can_view_earning_statistics") && !client}
      />
      <InsightsFilters branches={branches} clients={clients} />
      {children}
    </>
  );
}
