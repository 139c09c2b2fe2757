import { screenPageSize } from "@/lib/services/settings";
import { FilterBar } from "@/components/ui/filter-bar";
import { PageHeader } from "@/components/ui/page-header";
import { requestCtx } from "@/lib/auth/session";
import { routeMetadata } from "@/lib/auth/metadata";
import { lenientList } from "@/lib/http/page";
import { listPermissions } from "@/lib/services/permissions";
import { NewPermissionButton } from "./permission-form";
import { PermissionsTable } from "./permissions-table";

export const metadata = routeMetadata("/permissions");

type Search = Record<string, string | string[] | undefined>;
const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export default async function PermissionsPage({ searchParams }: { searchParams: Promise<Search> }) {
  const sp = await searchParams;
  const ctx = await requestCtx();
  const perPage = await screenPageSize(ctx.db);
  const { data: page, dropped } = await lenientList((input) => listPermissions(ctx, input), {
    page: first(sp.page),
    perPage,
    filter: { search: first(sp.search) },
  });
  const search = dropped["filter.search"] ? undefined : first(sp.search)?.trim() || undefined;
  return (
    <>
      <PageHeader
        title="Permissions"
        description="The permission strings roles hold, and which roles hold each. Built-in ones are checked by Crewdeck's code and cannot be deleted."
        actions={<NewPermissionButton />}
      />
      <FilterBar
        label="Filter permissions"
        fields={[
          {
            kind: "search",
            param: "search",
            label: "Search permissions",
            placeholder: "e.g. job or salary",
          },
        ]}
      />
      <PermissionsTable
        items={page.items}
        meta={page.meta}
        emptyTitle={search ? "No permission matches your search" : "No permissions yet"}
        emptyHint={
          search
            ? `No permission is named or described like “${search}”. Try another word, or clear the search.`
            : "Add a permission with “New permission”."
        }
        emptyAction={search ? undefined : <NewPermissionButton />}
      />
    </>
  );
}
