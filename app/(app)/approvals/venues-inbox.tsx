import { FilterBar } from "@/components/ui/filter-bar";
import { lenientList } from "@/lib/http/page";
import { listApprovalInbox } from "@/lib/services/approvals";
import type { Ctx } from "@/lib/services/context";
import type { Page } from "@/lib/services/pagination";
import type { VenueView } from "@/lib/services/venues";
import { VenuesTable } from "../venues/(list)/venues-table";
import type { Search } from "./hours-inbox";

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/**
 * The Venues kind of the approvals inbox: venues awaiting approval, with the same table and
 * actions (approve, decline) as /venues.
 */
export async function VenuesInbox({ sp, ctx }: { sp: Search; ctx: Ctx }) {
  const { data: page, dropped } = await lenientList(
    (input) => listApprovalInbox(ctx, input) as Promise<Page<VenueView>>,
    { type: "venues", page: one(sp.page), filter: { search: one(sp.search) } },
  );
  const filtered = Boolean(one(sp.search)) && !dropped["filter.search"];
  return (
    <>
      <FilterBar
        label="Filter venues"
        fields={[{ kind: "search", param: "search", label: "Search", placeholder: "Name or city" }]}
      />
      <VenuesTable
        items={page.items}
        meta={page.meta}
        emptyTitle={filtered ? "No venue matches this search" : "No venues waiting"}
        emptyHint={
          filtered
            ? "Try another name or city, or clear the search."
            : "Every venue clients added has been reviewed. New ones show here."
        }
      />
    </>
  );
}
