import { screenPageSize } from "@/lib/services/settings";
import { FilterBar } from "@/components/ui/filter-bar";
import { PageHeader } from "@/components/ui/page-header";
import { requestCtx } from "@/lib/auth/session";
import { routeMetadata } from "@/lib/auth/metadata";
import { lenientList } from "@/lib/http/page";
import { listDressCodes } from "@/lib/services/dresscodes";
import { NewDressCodeButton } from "./dresscode-form";
import { DressCodesTable } from "./dresscodes-table";

export const metadata = routeMetadata("/dresscodes");

type Search = Record<string, string | string[] | undefined>;
const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export default async function DressCodesPage({ searchParams }: { searchParams: Promise<Search> }) {
  const sp = await searchParams;
  const ctx = await requestCtx();
  const perPage = await screenPageSize(ctx.db);
  // A value the list rejects (?page=abc, a huge search) is left out, not an error screen.
  const { data: page, dropped } = await lenientList((input) => listDressCodes(ctx, input), {
    page: first(sp.page),
    perPage,
    filter: { search: first(sp.search) },
  });
  const search = dropped["filter.search"] ? undefined : first(sp.search)?.trim() || undefined;
  return (
    <>
      <PageHeader
        title="Dress codes"
        description="What crew wear on a job. Jobs and shifts point at one of these."
        actions={<NewDressCodeButton />}
      />
      <FilterBar
        label="Filter dress codes"
        fields={[
          {
            kind: "search",
            param: "search",
            label: "Search dress codes",
            placeholder: "e.g. Black tie",
          },
        ]}
      />
      <DressCodesTable
        items={page.items}
        meta={page.meta}
        emptyTitle={search ? "No dress code matches your search" : "No dress codes yet"}
        emptyHint={
          search
            ? `Nothing is named like “${search}”. Try another part of the name, or clear the search.`
            : "Create the first dress code with “New dress code”, then choose it on jobs and shifts."
        }
        emptyAction={search ? undefined : <NewDressCodeButton />}
      />
    </>
  );
}
