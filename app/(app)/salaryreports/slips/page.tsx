import { FilterBar } from "@/components/ui/filter-bar";
import { routeMetadata } from "@/lib/auth/metadata";
import { viewPlace } from "@/lib/domain/salary-screen";
import { lenientList } from "@/lib/http/page";
import { listPaySlips } from "@/lib/services/salary/slips-list";
import { one, salaryPage, type Search } from "../data";
import { SlipsTable } from "./slips-table";
import { SlipsZipPanel, type SlipsScope } from "./zip-panel";

export const metadata = routeMetadata("/salaryreports/slips");

/** Pay slips of the period: one PDF each, or all of a branch or country as one ZIP. */
export default async function PaySlipsPage({ searchParams }: { searchParams: Promise<Search> }) {
  const { sp, ctx, view } = await salaryPage(searchParams);
  const place = viewPlace(view);
  const search = one(sp.search);
  const { data: page } = await lenientList((input) => listPaySlips(ctx, input), {
    page: one(sp.page),
    filter: { from: view.from, to: view.to, ...place, search },
  });
  const zip: SlipsScope | null = Object.keys(place).length
    ? { from: view.from, to: view.to, ...place }
    : null;
  return (
    <>
      <div className="mb-4 flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <p className="text-sm text-gray-700">
          {zip
            ? `Pay slips for ${view.label}. Download one, or every slip of the period at once.`
            : `Pay slips for ${view.label}. Choose a branch or a country to download them all at once.`}
        </p>
        {zip && page.meta.total > 0 && <SlipsZipPanel scope={zip} />}
      </div>
      <FilterBar
        label="Search pay slips"
        fields={[
          {
            kind: "search",
            param: "search",
            label: "Search",
            placeholder: "Worker name or e-mail",
          },
        ]}
      />
      <SlipsTable
        items={page.items}
        meta={page.meta}
        emptyTitle={
          search ? "No pay slip matches this search" : `No pay slips for ${view.label} yet`
        }
        emptyHint={
          search
            ? "Try another name or e-mail, or clear the search."
            : "A worker's pay slip is made when you pay the worker on the Overview tab."
        }
      />
    </>
  );
}
