import Link from "next/link";
import { Alert, PageHeader, cn } from "@/components/ui";
import { requestCtx } from "@/lib/auth/session";
import { routeMetadata } from "@/lib/auth/metadata";
import { pageData } from "@/lib/http/page";
import { ValidationError } from "@/lib/services/errors";
import { approvalFilterOptions, listApprovals, type ApprovalTab } from "@/lib/services/hours";
import type { Ctx } from "@/lib/services/context";
import { ApprovalsFilters } from "./approvals-filters";
import { ApprovalsTable } from "./approvals-table";

export const metadata = routeMetadata("/approvals");

type Search = Record<string, string | string[] | undefined>;

const TABS: { key: ApprovalTab; label: string; empty: string }[] = [
  {
    key: "awaiting",
    label: "Awaiting approval",
    empty: "No reported hours wait for approval. Reports show here as soon as workers send them.",
  },
  {
    key: "missing",
    label: "Missing hours",
    empty: "Every finished shift has its hours reported.",
  },
  { key: "approved", label: "Approved", empty: "No approved hours match these filters." },
];

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

function listQuery(sp: Search, tab: ApprovalTab, drop: string[] = []) {
  const date = (key: "from" | "to") => (drop.includes(key) ? undefined : one(sp[key]));
  return {
    page: one(sp.page),
    filter: {
      status: tab,
      job_id: one(sp.job_id),
      company_id: one(sp.company_id),
      from: date("from"),
      to: date("to"),
    },
  };
}

/** The list; a bad date in a shared link is left out with a note instead of an error page. */
async function load(ctx: Ctx, sp: Search, tab: ApprovalTab) {
  try {
    return { page: await listApprovals(ctx, listQuery(sp, tab)), dateError: null };
  } catch (err) {
    if (!(err instanceof ValidationError)) throw err;
    const bad = ["from", "to"].filter((k) => err.errors?.[`filter.${k}`]);
    const drop = bad.length ? bad : ["from", "to"];
    return { page: await listApprovals(ctx, listQuery(sp, tab, drop)), dateError: err.message };
  }
}

export default async function ApprovalsPage({ searchParams }: { searchParams: Promise<Search> }) {
  const sp = await searchParams;
  const ctx = await requestCtx();
  const tab = TABS.find((t) => t.key === one(sp.status)) ?? TABS[0];
  const [{ page, dateError }, options] = await pageData(
    Promise.all([load(ctx, sp, tab.key), approvalFilterOptions(ctx)]),
  );
  const keep = new URLSearchParams(
    Object.entries(sp).flatMap(([k, v]) => {
      const value = one(v);
      return value && !["status", "page"].includes(k) ? [[k, value] as [string, string]] : [];
    }),
  );
  const filtered = ["job_id", "company_id", "from", "to"].some((k) => one(sp[k]));

  return (
    <>
      <PageHeader
        title="Approvals"
        description="Check the hours workers reported for finished shifts, correct them where needed and approve them."
      />
      <nav
        aria-label="Approval lists"
        className="mb-4 flex gap-1 overflow-x-auto border-b border-gray-200"
      >
        {TABS.map((t) => {
          const q = new URLSearchParams(keep);
          if (t.key !== "awaiting") q.set("status", t.key);
          const active = t.key === tab.key;
          return (
            <Link
              key={t.key}
              href={`/approvals${q.size ? `?${q}` : ""}`}
              aria-current={active ? "page" : undefined}
              className={cn(
                "-mb-px inline-flex h-11 shrink-0 items-center border-b-2 px-4 text-sm font-medium whitespace-nowrap",
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
      <ApprovalsFilters jobs={options.jobs} companies={options.companies} />
      {dateError && (
        <Alert tone="warning" className="mb-4">
          The date filter was left out: {dateError}
        </Alert>
      )}
      <ApprovalsTable
        // A new list (tab, filters, page) starts with nothing selected.
        key={`${tab.key}:${keep}:${page.meta.current_page}`}
        tab={tab.key}
        items={page.items}
        meta={page.meta}
        emptyHint={filtered ? "Nothing matches these filters. Clear them to see all." : tab.empty}
      />
    </>
  );
}
