import { NavLink } from "@/components/ui/nav-link";
import { FilterBar } from "@/components/ui/filter-bar";
import { routeMetadata } from "@/lib/auth/metadata";
import { viewPlace } from "@/lib/domain/salary-screen";
import { lenientList, pageData } from "@/lib/http/page";
import { CURSOR_START } from "@/lib/services/cursor";
import { salaryOverview } from "@/lib/services/salary";
import { currentSalaryRun } from "@/lib/services/salary/current-run";
import { one, salaryPage, type Search } from "./data";
import { OverviewTable } from "./overview-table";
import { SalaryRunPanel } from "./run-panel";

export const metadata = routeMetadata("/salaryreports");

/** Overview: the period's workers with salary, 10 a page; the salary run of the period. */
export default async function SalaryOverviewPage({
  searchParams,
}: {
  searchParams: Promise<Search>;
}) {
  const { sp, ctx, view } = await salaryPage(searchParams);
  const place = viewPlace(view);
  const period = { from: view.from, to: view.to };
  const search = one(sp.search);
  const order = one(sp.order) === "desc" ? "-" : "";
  const sort = `${order}${one(sp.sort) === "hours" ? "hours" : "name"}`;
  const hasPlace = Object.keys(place).length > 0;
  const [{ data: page }, current] = await Promise.all([
    lenientList((input) => salaryOverview(ctx, input), {
      page: one(sp.page),
      filter: { ...period, ...place, search },
      sort,
      // "Next" follows the last row's cursor: a deep page reads from it, not by offset.
      cursor: one(sp.cursor) ?? CURSOR_START,
    }),
    hasPlace ? pageData(currentSalaryRun(ctx, { ...period, ...place })) : null,
  ]);
  return (
    <>
      <SalaryRunPanel
        key={`${view.from}-${view.to}-${view.branchId}-${view.countryId}`}
        scope={{ ...period, ...place }}
        label={view.label}
        current={current?.run ?? null}
      />
      <FilterBar
        label="Search workers"
        fields={[
          {
            kind: "search",
            param: "search",
            label: "Search",
            placeholder: "Worker name or e-mail",
          },
        ]}
      />
      <OverviewTable
        items={page.items}
        meta={page.meta}
        period={period}
        place={{ branchId: view.branchId, countryId: view.countryId }}
        label={view.label}
        emptyTitle={search ? "No worker matches this search" : `No salary for ${view.label} yet`}
        emptyHint={
          search ? (
            "Try another name or e-mail, or clear the search."
          ) : (
            <>
              {hasPlace
                ? "Run salary to calculate it from the approved hours."
                : "Choose a branch or a country and run salary to calculate it from the approved hours."}{" "}
              No approved hours in {view.label}? Approve hours on{" "}
              <NavLink href="/approvals" className="font-medium text-accent-700 underline">
                /approvals
              </NavLink>
              .
            </>
          )
        }
      />
    </>
  );
}
