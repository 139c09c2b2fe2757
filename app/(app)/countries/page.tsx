import { screenPageSize } from "@/lib/services/settings";
import { FilterBar } from "@/components/ui/filter-bar";
import { PageHeader } from "@/components/ui/page-header";
import { requestCtx } from "@/lib/auth/session";
import { routeMetadata } from "@/lib/auth/metadata";
import { lenientList } from "@/lib/http/page";
import { listCountriesPage } from "@/lib/services/countries";
import { listCurrencies } from "@/lib/services/countries/currencies";
import { NewCountryButton } from "./country-form";
import { CountriesTable } from "./countries-table";

export const metadata = routeMetadata("/countries");

type Search = Record<string, string | string[] | undefined>;
const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export default async function CountriesPage({ searchParams }: { searchParams: Promise<Search> }) {
  const sp = await searchParams;
  const ctx = await requestCtx();
  const perPage = await screenPageSize(ctx.db);
  // A value the list rejects (?page=abc, ?operational=zzz) is left out, not an error screen.
  const { data: page, dropped } = await lenientList((input) => listCountriesPage(ctx, input), {
    page: first(sp.page),
    perPage,
    filter: { search: first(sp.search), operational: first(sp.operational) },
  });
  const currencies = await listCurrencies(ctx);
  const filtered =
    (!dropped["filter.search"] && !!first(sp.search)?.trim()) ||
    (!dropped["filter.operational"] && !!first(sp.operational));
  return (
    <>
      <PageHeader
        title="Countries"
        description="Where the agency books crew. Only operational countries are offered on jobs, venues, branches and users."
        actions={<NewCountryButton currencies={currencies} />}
      />
      <FilterBar
        label="Filter countries"
        fields={[
          {
            kind: "search",
            param: "search",
            label: "Search countries",
            placeholder: "Name or ISO code",
          },
          {
            kind: "select",
            param: "operational",
            label: "Status",
            all: "All countries",
            options: [
              { value: "1", label: "Operational" },
              { value: "0", label: "Not operational" },
            ],
          },
        ]}
      />
      <CountriesTable
        items={page.items}
        meta={page.meta}
        currencies={currencies}
        emptyTitle={filtered ? "No country matches these filters" : "No countries yet"}
        emptyHint={
          filtered
            ? "Try another name or ISO code, or clear the filters."
            : "Add the first country with “New country”: jobs need one for their currency and time zone."
        }
        emptyAction={filtered ? undefined : <NewCountryButton currencies={currencies} />}
      />
    </>
  );
}
