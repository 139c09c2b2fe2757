import { NavLink } from "@/components/ui/nav-link";
import { Plus } from "lucide-react";
import { buttonClass } from "@/components/ui/button";
import { FilterBar } from "@/components/ui/filter-bar";
import { PageHeader } from "@/components/ui/page-header";
import { LinkTabs } from "@/components/ui/tabs";
import { requestCtx } from "@/lib/auth/session";
import { screenPageSize } from "@/lib/services/settings";
import { routeMetadata } from "@/lib/auth/metadata";
import { JOB_STATUSES } from "@/lib/domain/statuses";
import { lenientList } from "@/lib/http/page";
import { can } from "@/lib/services/context";
import { listJobs } from "@/lib/services/jobs/list";
import { branchesForJobs, clientsWithJobs, countriesWithJobs } from "@/lib/services/jobs/filters";
import { JobsTable } from "./jobs-table";
import { mayDownloadRoster } from "@/lib/services/roster/access";

export const metadata = routeMetadata("/jobs");

type Search = Record<string, string | string[] | undefined>;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
const TABS = [
  { key: "upcoming", label: "Upcoming" },
  { key: "past", label: "Past" },
  { key: "own", label: "My jobs" },
] as const;

export default async function JobsPage({ searchParams }: { searchParams: Promise<Search> }) {
  const sp = await searchParams;
  const ctx = await requestCtx();
  const perPage = await screenPageSize(ctx.db);
  const tab = TABS.find((t) => t.key === one(sp.tab))?.key ?? "upcoming";
  const [{ data: page, dropped }, companies, countries, branches] = await Promise.all([
    // A value the list rejects (?page=0, ?status=zzz) is left out, not an error screen.
    lenientList((input) => listJobs(ctx, input), {
      page: one(sp.page),
      perPage,
      past: tab === "past",
      own: tab === "own",
      unfilled: one(sp.unfilled),
      filter: {
        company_id: one(sp.company_id),
        country_id: one(sp.country_id),
        status: one(sp.status),
        search: one(sp.search),
        branches: one(sp.branch),
      },
    }),
    clientsWithJobs(ctx),
    countriesWithJobs(ctx),
    branchesForJobs(ctx),
  ]);
  // On only when the list applied it (a value the list refused, ?unfilled=zzz, is left out).
  const unfilled = ["1", "true"].includes(one(sp.unfilled) ?? "") && !dropped.unfilled;
  const keep = new URLSearchParams(
    Object.entries(sp).flatMap(([k, v]) => {
      const value = one(v);
      return value && !["tab", "page"].includes(k) ? [[k, value] as [string, string]] : [];
    }),
  );
  const options = (list: { id: number; name: string }[]) =>
    list.map((o) => ({ value: o.id, label: o.name }));
  return (
    <>
      <PageHeader
        title="Jobs"
        description="Every job in your scope, with how many positions are filled."
        actions={
          can(ctx, "job_create") && (
            <NavLink href="/jobs/create" className={buttonClass({})}>
              <Plus aria-hidden /> Create job
            </NavLink>
          )
        }
      />
      <LinkTabs
        label="Job lists"
        className="mb-4"
        tabs={TABS.map((t) => {
          const q = new URLSearchParams(keep);
          if (t.key !== "upcoming") q.set("tab", t.key);
          return { href: `/jobs${q.size ? `?${q}` : ""}`, label: t.label, current: t.key === tab };
        })}
      />
      <FilterBar
        label="Filter jobs"
        className="lg:grid-cols-6"
        fields={[
          {
            kind: "search",
            param: "search",
            label: "Search",
            placeholder: "Job, company or reference",
          },
          {
            kind: "select",
            param: "company_id",
            label: "Company",
            all: "All companies",
            options: options(companies),
          },
          {
            kind: "select",
            param: "country_id",
            label: "Country",
            all: "All countries",
            options: options(countries),
          },
          {
            kind: "select",
            param: "branch",
            label: "Branch",
            all: "All branches",
            options: options(branches),
          },
          {
            kind: "select",
            param: "status",
            label: "Status",
            all: "All statuses",
            options: JOB_STATUSES.map((s) => ({ value: s, label: s })),
          },
          { kind: "toggle", param: "unfilled", label: "Unfilled in the next 48 hours" },
        ]}
      />
      <JobsTable
        canRoster={mayDownloadRoster(ctx)}
        items={page.items}
        meta={page.meta}
        emptyHint={
          unfilled && tab !== "past"
            ? "No job misses crew on a shift in the next 48 hours. Clear the filter to see all jobs."
            : tab === "past"
              ? "No past jobs match these filters."
              : tab === "own"
                ? "You are not the project manager, creator or booker of any upcoming job."
                : "No upcoming jobs match these filters. Create one, or clear the filters."
        }
      />
    </>
  );
}
