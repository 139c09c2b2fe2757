import { Alert } from "@/components/ui/alert";
import { FilterBar } from "@/components/ui/filter-bar";
import { LinkTabs } from "@/components/ui/tabs";
import type { Ctx } from "@/lib/services/context";
import { lenientList, pageData } from "@/lib/http/page";
import { approvalFilterOptions, listApprovals, type ApprovalTab } from "@/lib/services/hours";
import { ApprovalsTable } from "./approvals-table";

export type Search = Record<string, string | string[] | undefined>;

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

/** The Hours kind of the approvals inbox: the hours screen of issue 9, unchanged. */
export async function HoursInbox({ sp, ctx }: { sp: Search; ctx: Ctx }) {
  const tab = TABS.find((t) => t.key === one(sp.status)) ?? TABS[0];
  const [{ data: page, dropped }, options] = await Promise.all([
    // A value the list rejects (?job_id=abc, a bad date) is left out, not an error screen.
    lenientList((input) => listApprovals(ctx, input), {
      page: one(sp.page),
      filter: {
        status: tab.key,
        job_id: one(sp.job_id),
        company_id: one(sp.company_id),
        from: one(sp.from),
        to: one(sp.to),
      },
    }),
    pageData(approvalFilterOptions(ctx)),
  ]);
  // A bad date in a shared link is worth a note: the list covers more days than asked for.
  const dateError = ["filter.from", "filter.to"].map((k) => dropped[k]?.[0]).find(Boolean);
  const keep = new URLSearchParams(
    Object.entries(sp).flatMap(([k, v]) => {
      const value = one(v);
      return value && !["status", "page", "type"].includes(k)
        ? [[k, value] as [string, string]]
        : [];
    }),
  );
  const filtered = ["job_id", "company_id", "from", "to"].some((k) => one(sp[k]));

  return (
    <>
      <LinkTabs
        label="Approval lists"
        className="mb-4"
        tabs={TABS.map((t) => {
          const q = new URLSearchParams(keep);
          if (t.key !== "awaiting") q.set("status", t.key);
          return {
            href: `/approvals${q.size ? `?${q}` : ""}`,
            label: t.label,
            current: t.key === tab.key,
          };
        })}
      />
      <FilterBar
        label="Filter approvals"
        className="lg:grid-cols-5"
        fields={[
          {
            kind: "select",
            param: "job_id",
            label: "Job",
            all: "All jobs",
            options: options.jobs.map((j) => ({ value: j.id, label: j.name })),
          },
          {
            kind: "select",
            param: "company_id",
            label: "Company",
            all: "All companies",
            options: options.companies.map((c) => ({ value: c.id, label: c.name })),
          },
          { kind: "date", param: "from", label: "Shifts from" },
          { kind: "date", param: "to", label: "Shifts to" },
        ]}
      />
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
        filter={{
          job_id: one(sp.job_id),
          company_id: one(sp.company_id),
          from: dateError ? undefined : one(sp.from),
          to: dateError ? undefined : one(sp.to),
        }}
      />
    </>
  );
}
