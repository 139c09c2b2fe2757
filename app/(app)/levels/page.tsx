import { screenPageSize } from "@/lib/services/settings";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FilterBar } from "@/components/ui/filter-bar";
import { PageHeader } from "@/components/ui/page-header";
import { requestCtx } from "@/lib/auth/session";
import { routeMetadata } from "@/lib/auth/metadata";
import { lenientList, pageData } from "@/lib/http/page";
import { listLevels } from "@/lib/services/levels";
import { NewLevelButton } from "./level-form";
import { LevelOrder } from "./level-order";
import { LevelsTable } from "./levels-table";

export const metadata = routeMetadata("/levels");

type Search = Record<string, string | string[] | undefined>;
const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export default async function LevelsPage({ searchParams }: { searchParams: Promise<Search> }) {
  const sp = await searchParams;
  const ctx = await requestCtx();
  const perPage = await screenPageSize(ctx.db);
  // A value the list rejects (?page=abc, a huge search) is left out, not an error screen.
  const { data: page, dropped } = await lenientList((input) => listLevels(ctx, input), {
    page: first(sp.page),
    perPage,
    filter: { search: first(sp.search) },
  });
  const ladder = await pageData(listLevels(ctx, { all: true }));
  const search = dropped["filter.search"] ? undefined : first(sp.search)?.trim() || undefined;
  return (
    <>
      <PageHeader
        title="Levels"
        description="How experienced a worker is in a skill. Rates and the freelancer search use them."
        actions={<NewLevelButton />}
      />
      <div className="grid items-start gap-6 xl:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="flex min-w-0 flex-col gap-4">
          <FilterBar
            label="Filter levels"
            fields={[
              {
                kind: "search",
                param: "search",
                label: "Search levels",
                placeholder: "e.g. Senior",
              },
            ]}
          />
          <LevelsTable
            items={page.items}
            meta={page.meta}
            emptyTitle={search ? "No level matches your search" : "No levels yet"}
            emptyHint={
              search
                ? `Nothing is named like “${search}”. Try another part of the name, or clear the search.`
                : "Create the first level with “New level”, then rate workers' skills with it."
            }
            emptyAction={search ? undefined : <NewLevelButton />}
          />
        </div>
        <Card>
          <CardHeader className="flex-col">
            <CardTitle id="level-order-title">Order</CardTitle>
            <CardDescription>
              Most junior first. Drag a level by its handle, or focus the handle and use Space and
              the arrow keys; the order saves at once and every level picker follows it.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <LevelOrder levels={ladder.items} />
          </CardContent>
        </Card>
      </div>
    </>
  );
}
