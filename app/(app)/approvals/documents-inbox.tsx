import { FilterBar } from "@/components/ui/filter-bar";
import { formatDateTime } from "@/lib/domain/format";
import { lenientList } from "@/lib/http/page";
import { listPendingDocuments } from "@/lib/services/approvals";
import { CURSOR_START } from "@/lib/services/cursor";
import type { Ctx } from "@/lib/services/context";
import { DocumentsTable } from "./documents-table";
import type { Search } from "./hours-inbox";
import { viewerTimeZone } from "@/lib/services/viewer-zone";

/** The agency's zone for upload times (the demo agency works from Copenhagen). */
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/** The Documents kind of the approvals inbox: pending documents, the longest waiting first. */
export async function DocumentsInbox({ sp, ctx }: { sp: Search; ctx: Ctx }) {
  const [{ data: page, dropped }, timeZone] = await Promise.all([
    lenientList((input) => listPendingDocuments(ctx, input), {
      page: one(sp.page),
      filter: { search: one(sp.search) },
      // "Next" follows the last row's cursor: a deep page reads from it, not by offset.
      cursor: one(sp.cursor) ?? CURSOR_START,
    }),
    viewerTimeZone(ctx),
  ]);
  const filtered = Boolean(one(sp.search)) && !dropped["filter.search"];
  return (
    <>
      <FilterBar
        label="Filter documents"
        fields={[
          {
            kind: "search",
            param: "search",
            label: "Search",
            placeholder: "Name, e-mail or document type",
          },
        ]}
      />
      <DocumentsTable
        items={page.items.map((d) => ({
          ...d,
          uploaded: formatDateTime(new Date(d.uploaded_at), timeZone),
        }))}
        meta={page.meta}
        emptyTitle={filtered ? "No document matches this search" : "No documents to review"}
        emptyHint={
          filtered
            ? "Try another name or document type, or clear the search."
            : "Every uploaded document has been reviewed. New uploads show here."
        }
      />
    </>
  );
}
