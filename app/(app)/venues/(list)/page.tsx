import { NavLink } from "@/components/ui/nav-link";
import { Plus } from "lucide-react";
import { FilterBar, type FilterField } from "@/components/ui/filter-bar";
import { LinkTabs } from "@/components/ui/tabs";
import { PageHeader } from "@/components/ui/page-header";
import { buttonClass } from "@/components/ui/button";
import { requestCtx } from "@/lib/auth/session";
import { screenPageSize } from "@/lib/services/settings";
import { routeMetadata } from "@/lib/auth/metadata";
import { lenientList, pageData } from "@/lib/http/page";
import { listCompanies } from "@/lib/services/reference";
import { listVenues, venuesStartTab, type VenueStatus, type VenueTab } from "@/lib/services/venues";
import { VenuesTable } from "./venues-table";

export const metadata = routeMetadata("/venues");

type Search = Record<string, string | string[] | undefined>;

/**
 * Spec §2 /venues: tabs Public and My venues. Agency staff also get All venues, where the
 * status filter finds the venues clients submitted and that wait for approval.
 */
const TABS: { key: VenueTab; label: string; staffOnly?: boolean }[] = [
  { key: "public", label: "Public" },
  { key: "mine", label: "My venues" },
  { key: "all", label: "All venues", staffOnly: true },
];

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) || undefined;

const STATUS_OPTIONS: { value: VenueStatus; label: string }[] = [
  { value: "private", label: "Awaiting approval" },
  { value: "public", label: "Public" },
  { value: "declined", label: "Declined" },
];

export default async function VenuesPage({ searchParams }: { searchParams: Promise<Search> }) {
  const sp = await searchParams;
  const ctx = await requestCtx();
  const perPage = await screenPageSize(ctx.db);
  const staff = ctx.actor?.kind === "user" && !ctx.actor.isClient;
  // Opened without a tab: start where work waits (venues awaiting approval), if any — drawn
  // here, not by a redirect; the filter bar shows it and keeps it with the next change.
  const start = one(sp.tab) ? null : await pageData(venuesStartTab(ctx));
  const implied = start
    ? { tab: start.tab, ...(start.status && !one(sp.status) && { status: start.status }) }
    : undefined;
  const tabs = TABS.filter((t) => staff || !t.staffOnly);
  const tab = tabs.find((t) => t.key === (implied?.tab ?? one(sp.tab)))?.key ?? "public";
  const search = one(sp.search);
  const status = staff && tab !== "public" ? (one(sp.status) ?? implied?.status) : undefined;
  const companyId = staff ? one(sp.company_id) : undefined;

  const [{ data: page, dropped }, companies] = await Promise.all([
    // A value the list rejects (?page=0, ?company_id=abc) is left out, not an error screen.
    lenientList((input) => listVenues(ctx, input), {
      tab,
      page: one(sp.page),
      perPage,
      filter: { search, status, company_id: companyId },
    }),
    staff ? pageData(listCompanies(ctx, { dropdown: 1 })) : null,
  ]);

  const keep = new URLSearchParams();
  if (search && !dropped["filter.search"]) keep.set("search", search);
  if (companyId && !dropped["filter.company_id"]) keep.set("company_id", companyId);
  const filtered = [search, status, companyId].some(Boolean);
  const fields: FilterField[] = [
    { kind: "search", param: "search", label: "Search", placeholder: "Venue name or city" },
  ];
  if (staff && tab !== "public")
    fields.push({
      kind: "select",
      param: "status",
      label: "Status",
      all: "All statuses",
      options: STATUS_OPTIONS,
    });
  if (companies)
    fields.push({
      kind: "select",
      param: "company_id",
      label: "Company",
      all: "All companies",
      options: companies.items.map((c) => ({ value: c.id, label: c.name })),
    });
  const newVenue = (
    <NavLink href="/venues/edit/new" className={buttonClass({})}>
      <Plus aria-hidden /> New venue
    </NavLink>
  );

  return (
    <>
      <PageHeader
        title="Venues"
        description={
          staff
            ? "Where jobs take place. Approve or decline the venues clients add."
            : "Where your jobs take place. Venues you add are checked by the agency before they become public."
        }
        actions={newVenue}
      />
      <LinkTabs
        label="Venue lists"
        className="mb-4"
        tabs={tabs.map((t) => {
          const q = new URLSearchParams(keep);
          q.set("tab", t.key);
          return { href: `/venues?${q}`, label: t.label, current: t.key === tab };
        })}
      />
      <FilterBar label="Filter venues" fields={fields} implied={implied} />
      <VenuesTable
        items={page.items}
        meta={page.meta}
        {...emptyState(tab, staff, filtered)}
        emptyAction={filtered ? undefined : newVenue}
      />
    </>
  );
}

function emptyState(tab: VenueTab, staff: boolean, filtered: boolean) {
  if (filtered)
    return {
      emptyTitle: "No venues match these filters",
      emptyHint: "Try another name or city, or clear the filters.",
    };
  if (tab === "public")
    return {
      emptyTitle: "No public venues yet",
      emptyHint: staff
        ? "Approved venues are offered to every client. Add one and make it public, or approve a venue a client added."
        : "Approved venues appear here for every client. Add your own venue in the meantime.",
    };
  if (tab === "mine")
    return {
      emptyTitle: "You have no venues of your own yet",
      emptyHint: staff
        ? "Venues you add that are not public yet appear here."
        : "Add a venue, or clone a public one, and it appears here for your company's jobs.",
    };
  return {
    emptyTitle: "No venues yet",
    emptyHint: "Add the first venue so jobs can be planned there.",
  };
}
