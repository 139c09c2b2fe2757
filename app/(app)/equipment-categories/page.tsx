import { screenPageSize } from "@/lib/services/settings";
import { FilterBar } from "@/components/ui/filter-bar";
import { PageHeader } from "@/components/ui/page-header";
import { requestCtx } from "@/lib/auth/session";
import { routeMetadata } from "@/lib/auth/metadata";
import { lenientList } from "@/lib/http/page";
import { listEquipmentCategories } from "@/lib/services/equipment-categories";
import { NewEquipmentCategoryButton } from "./equipment-category-form";
import { EquipmentCategoriesTable } from "./equipment-categories-table";

export const metadata = routeMetadata("/equipment-categories");

type Search = Record<string, string | string[] | undefined>;
const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export default async function EquipmentCategoriesPage({
  searchParams,
}: {
  searchParams: Promise<Search>;
}) {
  const sp = await searchParams;
  const ctx = await requestCtx();
  const perPage = await screenPageSize(ctx.db);
  // A value the list rejects (?page=abc, a huge search) is left out, not an error screen.
  const { data: page, dropped } = await lenientList(
    (input) => listEquipmentCategories(ctx, input),
    { page: first(sp.page), perPage, filter: { search: first(sp.search) } },
  );
  const search = dropped["filter.search"] ? undefined : first(sp.search)?.trim() || undefined;
  return (
    <>
      <PageHeader
        title="Equipment categories"
        description="Kinds of gear the agency supplies or charges for: lighting, rigging, audio, trucks."
        actions={<NewEquipmentCategoryButton />}
      />
      <FilterBar
        label="Filter equipment categories"
        fields={[
          {
            kind: "search",
            param: "search",
            label: "Search equipment categories",
            placeholder: "e.g. Lighting",
          },
        ]}
      />
      <EquipmentCategoriesTable
        items={page.items}
        meta={page.meta}
        emptyTitle={
          search ? "No equipment category matches your search" : "No equipment categories yet"
        }
        emptyHint={
          search
            ? `Nothing is named like “${search}”. Try another part of the name, or clear the search.`
            : "Create the first one with “New equipment category”."
        }
        emptyAction={search ? undefined : <NewEquipmentCategoryButton />}
      />
    </>
  );
}
