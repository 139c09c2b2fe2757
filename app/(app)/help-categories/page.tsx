import { screenPageSize } from "@/lib/services/settings";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FilterBar } from "@/components/ui/filter-bar";
import { PageHeader } from "@/components/ui/page-header";
import { requestCtx } from "@/lib/auth/session";
import { routeMetadata } from "@/lib/auth/metadata";
import { lenientList, pageData } from "@/lib/http/page";
import { helpCategoryOptions, helpRoleOptions, listHelpCategories } from "@/lib/services/help";
import { NewHelpCategoryButton } from "./category-form";
import { HelpCategoriesTable } from "./categories-table";
import { HelpCategoryOrder } from "./category-order";

export const metadata = routeMetadata("/help-categories");

type Search = Record<string, string | string[] | undefined>;
const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export default async function HelpCategoriesPage({
  searchParams,
}: {
  searchParams: Promise<Search>;
}) {
  const sp = await searchParams;
  const ctx = await requestCtx();
  const perPage = await screenPageSize(ctx.db);
  // A value the list rejects (?page=abc, a huge search) is left out, not an error screen.
  const { data: page, dropped } = await lenientList((input) => listHelpCategories(ctx, input), {
    page: first(sp.page),
    perPage,
    filter: { search: first(sp.search) },
  });
  const [roles, order] = await pageData(
    Promise.all([helpRoleOptions(ctx), helpCategoryOptions(ctx)]),
  );
  const search = dropped["filter.search"] ? undefined : first(sp.search)?.trim() || undefined;
  return (
    <>
      <PageHeader
        title="Help categories"
        description="How the help centre is grouped, and which roles each group is written for."
        actions={<NewHelpCategoryButton roles={roles} />}
      />
      <FilterBar
        label="Filter help categories"
        fields={[
          {
            kind: "search",
            param: "search",
            label: "Search help categories",
            placeholder: "e.g. Working shifts",
          },
        ]}
      />
      <HelpCategoriesTable
        items={page.items}
        meta={page.meta}
        roles={roles}
        emptyTitle={search ? "No help category matches your search" : "No help categories yet"}
        emptyHint={
          search
            ? `Nothing is named like “${search}”. Try another part of the name, or clear the search.`
            : "Create the first help category with “New help category”, then write its articles in the help centre."
        }
        emptyAction={search ? undefined : <NewHelpCategoryButton roles={roles} />}
      />
      {order.length > 1 && (
        <Card className="mt-6">
          <CardHeader>
            <div className="flex flex-col gap-1">
              <CardTitle>Order in the help centre</CardTitle>
              <CardDescription>
                Drag a category by its handle, or focus the handle and use Space and the arrow keys.
                The new order is saved at once.
              </CardDescription>
            </div>
          </CardHeader>
          <CardContent>
            <HelpCategoryOrder items={order} />
          </CardContent>
        </Card>
      )}
    </>
  );
}
