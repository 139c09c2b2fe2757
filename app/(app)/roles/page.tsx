import { screenPageSize } from "@/lib/services/settings";
import { FilterBar } from "@/components/ui/filter-bar";
import { PageHeader } from "@/components/ui/page-header";
import { requestCtx } from "@/lib/auth/session";
import { routeMetadata } from "@/lib/auth/metadata";
import { lenientList, pageData } from "@/lib/http/page";
import { listRoles, rolePermissionChoices } from "@/lib/services/roles";
import { NewRoleButton } from "./role-form";
import { RolesTable } from "./roles-table";

export const metadata = routeMetadata("/roles");

type Search = Record<string, string | string[] | undefined>;
const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export default async function RolesPage({ searchParams }: { searchParams: Promise<Search> }) {
  const sp = await searchParams;
  const ctx = await requestCtx();
  const perPage = await screenPageSize(ctx.db);
  // A value the list rejects (?page=abc, a huge search) is left out, not an error screen.
  const { data: page, dropped } = await lenientList((input) => listRoles(ctx, input), {
    page: first(sp.page),
    perPage,
    filter: { search: first(sp.search) },
  });
  const groups = await pageData(rolePermissionChoices(ctx));
  const search = dropped["filter.search"] ? undefined : first(sp.search)?.trim() || undefined;
  return (
    <>
      <PageHeader
        title="Roles"
        description="Who may do what: each role is a set of permissions. A change applies on its holders' next page."
        actions={<NewRoleButton groups={groups} />}
      />
      <FilterBar
        label="Filter roles"
        fields={[
          { kind: "search", param: "search", label: "Search roles", placeholder: "e.g. Manager" },
        ]}
      />
      <RolesTable
        items={page.items}
        meta={page.meta}
        groups={groups}
        emptyTitle={search ? "No role matches your search" : "No roles yet"}
        emptyHint={
          search
            ? `No role is titled like “${search}”. Try another part of the title, or clear the search.`
            : "Create a role with “New role”, then give it to users on their profile's settings tab."
        }
        emptyAction={search ? undefined : <NewRoleButton groups={groups} />}
      />
    </>
  );
}
