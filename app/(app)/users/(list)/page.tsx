import { NavLink } from "@/components/ui/nav-link";
import { Plus } from "lucide-react";
import { buttonClass } from "@/components/ui/button";
import { FilterBar } from "@/components/ui/filter-bar";
import { PageHeader } from "@/components/ui/page-header";
import { requestCtx } from "@/lib/auth/session";
import { screenPageSize } from "@/lib/services/settings";
import { routeMetadata } from "@/lib/auth/metadata";
import { lenientList, pageData } from "@/lib/http/page";
import { can, requireUser } from "@/lib/services/context";
import { CURSOR_START } from "@/lib/services/cursor";
import { listUsers, userListFilters } from "@/lib/services/users";
import { UsersTable } from "./users-table";

export const metadata = routeMetadata("/users");

type Search = Record<string, string | string[] | undefined>;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export default async function UsersPage({ searchParams }: { searchParams: Promise<Search> }) {
  const sp = await searchParams;
  const ctx = await requestCtx();
  const perPage = await screenPageSize(ctx.db);
  const actor = requireUser(ctx);
  const [{ data: page, dropped }, filters] = await Promise.all([
    // A value the list rejects (?page=0, ?sub_skill=abc, ?sort=zzz) is left out, not an error.
    lenientList((input) => listUsers(ctx, input), {
      page: one(sp.page),
      perPage,
      role: one(sp.role),
      parent_skill: one(sp.parent_skill),
      sub_skill: one(sp.sub_skill),
      first: one(sp.created),
      showDeactivatedUsers: one(sp.showDeactivatedUsers),
      sort: one(sp.sort),
      order: one(sp.order),
      filter: { search: one(sp.search) },
      // "Next" follows the last row's cursor: a deep page reads from it, not by offset.
      cursor: one(sp.cursor) ?? CURSOR_START,
    }),
    pageData(userListFilters(ctx, { parent_skill: one(sp.parent_skill) })),
  ]);
  const filtered = ["search", "role", "parent_skill", "sub_skill"].some(
    (k) => one(sp[k]) && !dropped[k === "search" ? "filter.search" : k],
  );
  const mayCreate = can(ctx, "user_create");
  const create = mayCreate && (
    <NavLink href="/users/create" className={buttonClass({})}>
      <Plus aria-hidden /> Create user
    </NavLink>
  );
  return (
    <>
      <PageHeader
        title="Users"
        description={
          actor.isClient
            ? "The people of your company who use Crewdeck."
            : "Everyone who works with the agency: staff, client contacts and freelancers."
        }
        actions={create}
      />
      <FilterBar
        label="Filter users"
        className="lg:grid-cols-5"
        fields={[
          {
            kind: "search",
            param: "search",
            label: "Search",
            placeholder: "Name, e-mail or phone",
          },
          {
            kind: "select",
            param: "role",
            label: "Role",
            all: "All roles",
            options: filters.roles.map((r) => ({ value: r.id, label: r.title })),
          },
          {
            kind: "select",
            param: "parent_skill",
            label: "Skill",
            all: "All skills",
            options: filters.parentSkills.map((s) => ({ value: s.id, label: s.name })),
            resets: ["sub_skill"],
          },
          {
            kind: "select",
            param: "sub_skill",
            label: "Sub-skill",
            all: "All sub-skills",
            options: filters.subSkills.map((s) => ({ value: s.id, label: s.name })),
          },
          { kind: "toggle", param: "showDeactivatedUsers", label: "Show deactivated users" },
        ]}
      />
      <UsersTable
        items={page.items.map((u) => ({ ...u, created_at: u.created_at.toISOString() }))}
        meta={page.meta}
        selfId={actor.userId}
        mayManage={mayCreate}
        createdId={dropped.first ? undefined : Number(one(sp.created)) || undefined}
        emptyTitle={filtered ? "No user matches these filters" : "No users yet"}
        emptyHint={
          filtered
            ? "Try another part of the name, e-mail or phone, or clear the filters."
            : mayCreate
              ? "Create the first user with “Create user”."
              : "Nobody is listed for you yet."
        }
        emptyAction={filtered ? undefined : create || undefined}
      />
    </>
  );
}
