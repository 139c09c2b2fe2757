import { screenPageSize } from "@/lib/services/settings";
import { FilterBar } from "@/components/ui/filter-bar";
import { PageHeader } from "@/components/ui/page-header";
import { requestCtx } from "@/lib/auth/session";
import { routeMetadata } from "@/lib/auth/metadata";
import { lenientList } from "@/lib/http/page";
import { listLanguages } from "@/lib/services/languages";
import { NewLanguageButton } from "./language-form";
import { LanguagesTable } from "./languages-table";

export const metadata = routeMetadata("/languages");

type Search = Record<string, string | string[] | undefined>;
const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export default async function LanguagesPage({ searchParams }: { searchParams: Promise<Search> }) {
  const sp = await searchParams;
  const ctx = await requestCtx();
  const perPage = await screenPageSize(ctx.db);
  // A value the list rejects (?page=abc, a huge search) is left out, not an error screen.
  const { data: page, dropped } = await lenientList((input) => listLanguages(ctx, input), {
    page: first(sp.page),
    perPage,
    filter: { search: first(sp.search) },
  });
  const search = dropped["filter.search"] ? undefined : first(sp.search)?.trim() || undefined;
  return (
    <>
      <PageHeader
        title="Languages"
        description="The languages people speak, in the order they were added."
        actions={<NewLanguageButton />}
      />
      <FilterBar
        label="Filter languages"
        fields={[
          {
            kind: "search",
            param: "search",
            label: "Search languages",
            placeholder: "Name or code, e.g. de",
          },
        ]}
      />
      <LanguagesTable
        items={page.items}
        meta={page.meta}
        emptyTitle={search ? "No language matches your search" : "No languages yet"}
        emptyHint={
          search
            ? `No name or code is like “${search}”. Try another part of it, or clear the search.`
            : "Create the first language with “New language”; people then pick it on their profile."
        }
        emptyAction={search ? undefined : <NewLanguageButton />}
      />
    </>
  );
}
