import { screenPageSize } from "@/lib/services/settings";
import { FilterBar } from "@/components/ui/filter-bar";
import { PageHeader } from "@/components/ui/page-header";
import { requestCtx } from "@/lib/auth/session";
import { routeMetadata } from "@/lib/auth/metadata";
import { lenientList } from "@/lib/http/page";
import { listBranchesPage } from "@/lib/services/branches";
import { listCountries } from "@/lib/services/reference";
import { holidayRegions } from "@/lib/domain/holidays";
import { NewBranchButton } from "./branch-form";
import { BranchesTable } from "./branches-table";

export const metadata = routeMetadata("/branches");

type Search = Record<string, string | string[] | undefined>;
const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export default async function BranchesPage({ searchParams }: { searchParams: Promise<Search> }) {
  const sp = await searchParams;
  const ctx = await requestCtx();
  const perPage = await screenPageSize(ctx.db);
  // A value the list rejects (?page=abc, ?country=zzz) is left out, not an error screen.
  const { data: page, dropped } = await lenientList((input) => listBranchesPage(ctx, input), {
    page: first(sp.page),
    perPage,
    filter: {
      search: first(sp.search),
      country_id: first(sp.country),
      archived: first(sp.archived),
    },
  });
  const countries = await listCountries(ctx, { all: true });
  const regions = Object.fromEntries(countries.map((c) => [c.id, holidayRegions(c.iso_code)]));
  const archived = !dropped["filter.archived"] && ["1", "true"].includes(first(sp.archived) ?? "");
  const filtered =
    (!dropped["filter.search"] && !!first(sp.search)?.trim()) ||
    (!dropped["filter.country_id"] && !!first(sp.country));
  return (
    <>
      <PageHeader
        title="Branches"
        description="The agency's offices. Workers belong to branches, jobs book crew from them."
        actions={<NewBranchButton countries={countries} regions={regions} />}
      />
      <FilterBar
        label="Filter branches"
        fields={[
          {
            kind: "search",
            param: "search",
            label: "Search branches",
            placeholder: "Name or city",
          },
          {
            kind: "select",
            param: "country",
            label: "Country",
            all: "All countries",
            options: countries.map((c) => ({ value: c.id, label: c.name })),
          },
          { kind: "toggle", param: "archived", label: "Archived branches" },
        ]}
      />
      <BranchesTable
        items={page.items}
        meta={page.meta}
        countries={countries}
        regions={regions}
        emptyTitle={
          filtered
            ? "No branch matches these filters"
            : archived
              ? "No archived branches"
              : "No branches yet"
        }
        emptyHint={
          filtered
            ? "Try another name or city, or clear the filters."
            : archived
              ? "A branch that jobs, users or companies use is archived when it is deleted; it would show here."
              : "Add the first branch with “New branch”: workers belong to one and jobs book from them."
        }
        emptyAction={
          filtered || archived ? undefined : (
            <NewBranchButton countries={countries} regions={regions} />
          )
        }
      />
    </>
  );
}
