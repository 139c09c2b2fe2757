import type { Metadata } from "next";
import { NavLink } from "@/components/ui/nav-link";
import { notFound } from "next/navigation";
import { Plus } from "lucide-react";
import { buttonClass } from "@/components/ui/button";
import { requestCtx } from "@/lib/auth/session";
import { lenientList } from "@/lib/http/page";
import { listVenues } from "@/lib/services/venues";
import { clientForPage } from "../../../clients/client-data";
import { VenuesTable } from "../../../venues/(list)/venues-table";

export const metadata: Metadata = { title: "Client venues" };

type Search = Record<string, string | string[] | undefined>;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) || undefined;

/** /client/{id}/venues: the client's own venues, through the venues list (filter[company_id]). */
export default async function ClientVenuesPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<Search>;
}) {
  const client = await clientForPage((await params).id);
  if (!client.can.venues) notFound();
  const sp = await searchParams;
  const ctx = await requestCtx();
  const { data: page } = await lenientList((input) => listVenues(ctx, input), {
    tab: "all",
    page: one(sp.page),
    filter: { company_id: client.id },
  });
  const add = (
    <NavLink href="/venues/edit/new" className={buttonClass({ variant: "secondary" })}>
      <Plus aria-hidden /> New venue
    </NavLink>
  );
  return (
    <section aria-labelledby="client-venues" className="flex flex-col gap-4">
      <h2 id="client-venues" className="text-lg font-semibold text-gray-900">
        Venues
      </h2>
      <VenuesTable
        items={page.items}
        meta={page.meta}
        emptyTitle="No venues of this client yet"
        emptyHint="Venues the client adds, or the agency adds for it, appear here."
        emptyAction={add}
      />
    </section>
  );
}
