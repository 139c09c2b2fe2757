import Link from "next/link";
import { Plus } from "lucide-react";
import { PageHeader, buttonClass, cn } from "@/components/ui";
import { requestCtx } from "@/lib/auth/session";
import { routeMetadata } from "@/lib/auth/metadata";
import { can } from "@/lib/services/context";
import { listJobs } from "@/lib/services/jobs/list";
import { clientsWithJobs, countriesWithJobs } from "@/lib/services/jobs/filters";
import { listBranches } from "@/lib/services/reference";
import { JobsFilters } from "./jobs-filters";
import { JobsTable } from "./jobs-table";

export const metadata = routeMetadata("/jobs");

type Search = Record<string, string | undefined>;
const TABS = [
  { key: "upcoming", label: "Upcoming" },
  { key: "past", label: "Past" },
  { key: "own", label: "My jobs" },
] as const;

export default async function JobsPage({ searchParams }: { searchParams: Promise<Search> }) {
  const sp = await searchParams;
  const ctx = await requestCtx();
  const tab = TABS.find((t) => t.key === sp.tab)?.key ?? "upcoming";
  const [page, companies, countries, branches] = await Promise.all([
    listJobs(ctx, {
      page: sp.page,
      past: tab === "past",
      own: tab === "own",
      filter: {
        company_id: sp.company_id,
        country_id: sp.country_id,
        status: sp.status,
        search: sp.search,
        branches: sp.branch,
      },
    }),
    clientsWithJobs(ctx),
    countriesWithJobs(ctx),
    listBranches(ctx),
  ]);
  const keep = new URLSearchParams(
    Object.entries(sp).filter(([k, v]) => v && !["tab", "page"].includes(k)) as [string, string][],
  );
  return (
    <>
      <PageHeader
        title="Jobs"
        description="Every job in your scope, with how many positions are filled."
        actions={
          can(ctx, "job_create") && (
            <Link href="/jobs/create" className={buttonClass({})}>
              <Plus aria-hidden /> Create job
            </Link>
          )
        }
      />
      <nav
        aria-label="Job lists"
        className="mb-4 flex gap-1 overflow-x-auto border-b border-gray-200"
      >
        {TABS.map((t) => {
          const q = new URLSearchParams(keep);
          if (t.key !== "upcoming") q.set("tab", t.key);
          const active = t.key === tab;
          return (
            <Link
              key={t.key}
              href={`/jobs${q.size ? `?${q}` : ""}`}
              aria-current={active ? "page" : undefined}
              className={cn(
                "-mb-px shrink-0 border-b-2 px-4 py-2 text-sm font-medium",
                active
                  ? "border-accent-600 text-accent-700"
                  : "border-transparent text-gray-600 hover:text-gray-900",
              )}
            >
              {t.label}
            </Link>
          );
        })}
      </nav>
      <JobsFilters companies={companies} countries={countries} branches={branches} />
      <JobsTable
        items={page.items}
        meta={page.meta}
        emptyHint={
          tab === "past"
            ? "No past jobs match these filters."
            : tab === "own"
              ? "You are not the project manager, creator or booker of any upcoming job."
              : "No upcoming jobs match these filters. Create one, or clear the filters."
        }
      />
    </>
  );
}
