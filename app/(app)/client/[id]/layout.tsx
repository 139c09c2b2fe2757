import { NavLink } from "@/components/ui/nav-link";
import { Building2, MapPin } from "lucide-react";
import { LinkTabs } from "@/components/ui/tabs";
import { buttonClass } from "@/components/ui/button";
import { clientForPage } from "../../clients/client-data";
import { DeleteClientButton } from "./delete-client";
import { ClientRosterButton } from "@/components/roster/client-roster-button";
import { requestCtx } from "@/lib/auth/session";
import { mayDownloadRoster } from "@/lib/services/roster/access";

/** /client/{id} and its tabs: the header and tab bar drawn once (spec §2). */
export default async function ClientLayout({
  children,
  params,
}: {
  children: React.ReactNode;
  params: Promise<{ id: string }>;
}) {
  const client = await clientForPage((await params).id);
  const canRoster = mayDownloadRoster(await requestCtx());
  const base = `/client/${client.id}`;
  const tabs = [
    { href: base, label: "Overview", match: "exact" as const },
    { href: `${base}/users`, label: "Users", match: "prefix" as const },
    { href: `${base}/preferred-skills`, label: "Preferred skills", match: "prefix" as const },
    ...(client.can.venues
      ? [{ href: `${base}/venues`, label: "Venues", match: "prefix" as const }]
      : []),
    ...(client.can.rates
      ? [{ href: `${base}/rates`, label: "Rates", match: "prefix" as const }]
      : []),
  ];
  const place = [client.address, [client.zip, client.city].filter(Boolean).join(" ")]
    .filter(Boolean)
    .join(", ");
  return (
    <>
      <div className="mb-4 flex flex-col gap-4 lg:flex-row lg:items-start lg:justify-between">
        <div className="min-w-0">
          {client.can.edit && (
            <p className="text-sm text-gray-600">
              <NavLink href="/clients" className="hover:underline">
                Clients
              </NavLink>{" "}
              / {client.name}
            </p>
          )}
          <h1 className="mt-1 text-2xl font-semibold tracking-tight break-words text-gray-900">
            {client.name}
          </h1>
          <dl className="mt-3 grid grid-cols-1 gap-x-6 gap-y-2 text-sm text-gray-700 sm:grid-cols-2">
            <div className="flex gap-2">
              <dt className="sr-only">Address</dt>
              <MapPin className="mt-0.5 size-4 shrink-0 text-gray-500" aria-hidden />
              <dd>{[place, client.country.name].filter(Boolean).join(", ")}</dd>
            </div>
            <div className="flex gap-2">
              <dt className="sr-only">Default branch</dt>
              <Building2 className="mt-0.5 size-4 shrink-0 text-gray-500" aria-hidden />
              <dd>Branch: {client.default_branch?.name ?? "—"}</dd>
            </div>
            <div className="flex gap-2">
              <dt className="text-gray-600">Tax id</dt>
              <dd className="tabular-nums">{client.taxid ?? "—"}</dd>
            </div>
          </dl>
        </div>
        {(client.can.edit || canRoster) && (
          <div className="flex flex-wrap gap-2 lg:shrink-0 lg:flex-nowrap">
            {canRoster && <ClientRosterButton companyId={client.id} name={client.name} />}
            {client.can.edit && (
              <NavLink
                href={`/clients/edit/${client.id}`}
                className={buttonClass({ variant: "secondary" })}
              >
                Edit client
              </NavLink>
            )}
            {client.can.delete && <DeleteClientButton id={client.id} name={client.name} />}
          </div>
        )}
      </div>
      <LinkTabs tabs={tabs} label="Client sections" className="mb-4" />
      {children}
    </>
  );
}
