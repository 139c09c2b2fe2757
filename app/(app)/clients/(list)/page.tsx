import { NavLink } from "@/components/ui/nav-link";
import { redirect } from "next/navigation";
import { Plus } from "lucide-react";
import { FilterBar, type FilterField } from "@/components/ui/filter-bar";
import { PageHeader } from "@/components/ui/page-header";
import { buttonClass } from "@/components/ui/button";
import { requestCtx } from "@/lib/auth/session";
import { routeMetadata } from "@/lib/auth/metadata";
import { lenientList, pageData } from "@/lib/http/page";
import { listCompanies } from "@/lib/services/companies";
import { listCountries } from "@/lib/services/reference";
import { screenPageSize } from "@/lib/services/settings";
import { ClientsTable } from "./clients-table";

export const metadata = routeMetadata("/clients");

type Search = Record<string, string | string[] | undefined>;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) || undefined;

/**
 * Spec §2 /clients [company_access]: the agency's clients, 10 a page (the agency's rows-per-page
 * setting, as the other office lists), filters in the URL.
 */
export default async function ClientsPage({ searchParams }: { searchParams: Promise<Search> }) {
  const sp = await searchParams;
  const ctx = await requestCtx();
  const actor = ctx.actor?.kind === "user" ? ctx.actor : null;
  // A client contact has one client, its own company (the route map lets it in for this).
  if (actor?.isClient) redirect(actor.companyId ? `/client/${actor.companyId}` : "/");
  const name = one(sp.name);
  const taxid = one(sp.taxid);
  const countryid = one(sp.countryid);
  const perPage = await screenPageSize(ctx.db);
  const [{ data: page }, countries] = await Promise.all([
    lenientList((input) => listCompanies(ctx, input), {
      page: one(sp.page),
      perPage,
      filter: { name, taxid, countryid },
    }),
    pageData(listCountries(ctx, {})),
  ]);
  const canCreate = Boolean(actor?.permissions.has("company_create"));
  const filtered = [name, taxid, countryid].some(Boolean);
  const fields: FilterField[] = [
    { kind: "search", param: "name", label: "Name", placeholder: "Client name" },
    { kind: "search", param: "taxid", label: "Tax id", placeholder: "Tax id" },
    {
      kind: "select",
      param: "countryid",
      label: "Country",
      all: "All countries",
      options: countries.map((c) => ({ value: c.id, label: c.name })),
    },
  ];
  const newClient = canCreate ? (
    <NavLink href="/clients/new" className={buttonClass({})}>
      <Plus aria-hidden /> New client
    </NavLink>
  ) : undefined;
  return (
    <>
      <PageHeader
        title="Clients"
        description="The companies the agency works for, their key account managers and jobs."
        actions={newClient}
      />
      <FilterBar label="Filter clients" fields={fields} />
      <ClientsTable
        items={page.items}
        meta={page.meta}
        emptyTitle={filtered ? "No clients match these filters" : "No clients yet"}
        emptyHint={
          filtered
            ? "Try another name, tax id or country, or clear the filters."
            : "Add the first client so jobs can be planned for it."
        }
        emptyAction={filtered ? undefined : newClient}
      />
    </>
  );
}
