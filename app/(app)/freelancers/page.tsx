import { FilterBar } from "@/components/ui/filter-bar";
import { PageHeader } from "@/components/ui/page-header";
import { requestCtx } from "@/lib/auth/session";
import { screenPageSize } from "@/lib/services/settings";
import { routeMetadata } from "@/lib/auth/metadata";
import { lenientList, pageData } from "@/lib/http/page";
import { freelancerListFilters, listFreelancers } from "@/lib/services/users/freelancers";
import { FreelancersTable } from "./freelancers-table";

export const metadata = routeMetadata("/freelancers");

type Search = Record<string, string | string[] | undefined>;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

const PARAMS = [
  "parent_skill",
  "sub_skill",
  "level_id",
  "branch_id",
  "language_id",
  "has_valid_documents",
  "showDeactivatedUsers",
] as const;

/** /freelancers [freelancer_access]: the office's worker search (spec §2). */
export default async function FreelancersPage({ searchParams }: { searchParams: Promise<Search> }) {
  const sp = await searchParams;
  const ctx = await requestCtx();
  const perPage = await screenPageSize(ctx.db);
  const [{ data: page, dropped }, filters] = await Promise.all([
    // A value the list rejects (?page=0, ?level_id=abc) is left out, not an error.
    lenientList((input) => listFreelancers(ctx, input), {
      page: one(sp.page),
      perPage,
      sort: one(sp.sort),
      order: one(sp.order),
      ...Object.fromEntries(PARAMS.map((p) => [p, one(sp[p])])),
      filter: { search: one(sp.search) },
    }),
    pageData(freelancerListFilters(ctx)),
  ]);
  const filtered =
    (one(sp.search) && !dropped["filter.search"]) ||
    PARAMS.some((k) => k !== "showDeactivatedUsers" && one(sp[k]) && !dropped[k]);
  const options = (list: { id: number; name: string }[]) =>
    list.map((x) => ({ value: x.id, label: x.name }));
  return (
    <>
      <PageHeader
        title="Freelancers"
        description="Find workers by skill, level, branch, language and documents."
      />
      <FilterBar
        label="Search freelancers"
        fields={[
          {
            kind: "search",
            param: "search",
            label: "Search",
            placeholder: "Name, e-mail or phone",
          },
          {
            kind: "select",
            param: "parent_skill",
            label: "Skill",
            all: "All skills",
            options: options(filters.parentSkills),
          },
          {
            kind: "select",
            param: "sub_skill",
            label: "Sub-skill",
            all: "All sub-skills",
            options: options(filters.subSkills),
          },
          {
            kind: "select",
            param: "level_id",
            label: "Level",
            all: "Any level",
            options: options(filters.levels),
          },
          {
            kind: "select",
            param: "branch_id",
            label: "Branch",
            all: "All branches",
            options: options(filters.branches),
          },
          {
            kind: "select",
            param: "language_id",
            label: "Language",
            all: "All languages",
            options: options(filters.languages),
          },
          {
            kind: "select",
            param: "has_valid_documents",
            label: "Documents",
            all: "Any documents",
            options: [
              { value: "yes", label: "All required documents valid" },
              { value: "no", label: "Missing or expired documents" },
            ],
          },
          { kind: "toggle", param: "showDeactivatedUsers", label: "Show deactivated workers" },
        ]}
      />
      <FreelancersTable
        items={page.items}
        meta={page.meta}
        emptyTitle={filtered ? "No worker matches these filters" : "No workers yet"}
        emptyHint={
          filtered
            ? "Try another skill, level or branch, or clear the filters."
            : "Approved applicants appear here once the office approves them."
        }
      />
    </>
  );
}
