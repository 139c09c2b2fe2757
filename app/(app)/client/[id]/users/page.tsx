import type { Metadata } from "next";
import { NavLink } from "@/components/ui/nav-link";
import { UserPlus } from "lucide-react";
import { buttonClass } from "@/components/ui/button";
import { requestCtx } from "@/lib/auth/session";
import { lenientList } from "@/lib/http/page";
import { listCompanyUsers } from "@/lib/services/companies";
import { clientForPage } from "../../../clients/client-data";
import { ClientUsersTable } from "./users-table";

export const metadata: Metadata = { title: "Client users" };

type Search = Record<string, string | string[] | undefined>;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) || undefined;

/** /client/{id}/users: the client's contacts, 5 a page (spec §9). */
export default async function ClientUsersPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<Search>;
}) {
  const client = await clientForPage((await params).id);
  const sp = await searchParams;
  const ctx = await requestCtx();
  const { data: page } = await lenientList((input) => listCompanyUsers(ctx, client.id, input), {
    page: one(sp.page),
  });
  const canAdd = ctx.actor?.kind === "user" && ctx.actor.permissions.has("user_create");
  const add = canAdd ? (
    <NavLink href={`/users/create?role=client&company_id=${client.id}`} className={buttonClass({})}>
      <UserPlus aria-hidden /> Add contact
    </NavLink>
  ) : undefined;
  return (
    <section aria-labelledby="client-users" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="client-users" className="text-lg font-semibold text-gray-900">
          Contacts
        </h2>
        {add}
      </div>
      <ClientUsersTable items={page.items} meta={page.meta} emptyAction={add} />
    </section>
  );
}
