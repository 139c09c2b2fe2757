import { screenPageSize } from "@/lib/services/settings";
import { FilterBar } from "@/components/ui/filter-bar";
import { PageHeader } from "@/components/ui/page-header";
import { requestCtx } from "@/lib/auth/session";
import { routeMetadata } from "@/lib/auth/metadata";
import { lenientList, pageData } from "@/lib/http/page";
import { documentTypeFormOptions, listDocumentTypes } from "@/lib/services/document-types";
import { NewDocumentTypeButton } from "./document-type-form";
import { DocumentTypesTable } from "./document-types-table";

export const metadata = routeMetadata("/document-types");

type Search = Record<string, string | string[] | undefined>;
const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export default async function DocumentTypesPage({
  searchParams,
}: {
  searchParams: Promise<Search>;
}) {
  const sp = await searchParams;
  const ctx = await requestCtx();
  const perPage = await screenPageSize(ctx.db);
  // The form's roles and skills first: it also checks document_type_access for the screen.
  const options = await pageData(documentTypeFormOptions(ctx));
  const { data: page, dropped } = await lenientList((input) => listDocumentTypes(ctx, input), {
    page: first(sp.page),
    perPage,
    filter: { search: first(sp.search) },
  });
  const search = dropped["filter.search"] ? undefined : first(sp.search)?.trim() || undefined;
  return (
    <>
      <PageHeader
        title="Document types"
        description="What workers upload: ID, permits, certificates. Required ones count toward valid documents."
        actions={<NewDocumentTypeButton options={options} />}
      />
      <FilterBar
        label="Filter document types"
        fields={[
          {
            kind: "search",
            param: "search",
            label: "Search document types",
            placeholder: "e.g. Passport",
          },
        ]}
      />
      <DocumentTypesTable
        items={page.items}
        meta={page.meta}
        options={options}
        emptyTitle={search ? "No document type matches your search" : "No document types yet"}
        emptyHint={
          search
            ? `Nothing is named like “${search}”. Try another part of the name, or clear the search.`
            : "Create the first one with “New document type”; workers then upload it on their profile."
        }
        emptyAction={search ? undefined : <NewDocumentTypeButton options={options} />}
      />
    </>
  );
}
