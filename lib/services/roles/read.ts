import { done } from "@/lib/domain/done";
import { z } from "zod";
import { asc, count, eq, ilike, inArray, sql } from "drizzle-orm";
import { schema, type DbOrTx } from "@/db";
import {
  PERMISSION_GROUPS,
  PERMISSIONS,
  ROLE,
  isBuiltInRole,
  isCodePermission,
  type PermissionGroup,
} from "@/lib/domain/permissions";
import { requirePermission, type Ctx } from "../context";
import { NotFoundError } from "../errors";
import { offsetOf, pageInput, pageMeta, type Page } from "../pagination";
import { isId, searchText } from "../params";
import { parseInput } from "../validate";
import { containsPattern } from "../like";
import { permissionsBeyond } from "@/lib/domain/manage";
import { actorHolder } from "../users/manage";

/**
 * Roles (spec §2 /roles [role_access], §3 "role (title, description, permission ids)", §6):
 * rows holding a set of permissions. Every verb, reading too, needs role_access.
 */
export interface RoleView {
  id: number;
  title: string;
  description: string | null;
  /** Users holding the role (deactivated and archived ones too: their grant is a row). */
  users_count: number;
  permissions_count: number;
  /** One of the five roles the code looks up by title: it cannot be renamed nor deleted. */
  built_in: boolean;
  /** The Administrator: always holds every permission. */
  all_permissions: boolean;
  /** The ids of the permissions it holds, in id order (the edit dialog's checklist). */
  permission_ids: number[];
}

export interface RoleDetail extends RoleView {
  /** The names of its permissions, in id order. */
  permissions: string[];
}

export const ROLE_MESSAGES = {
  created: (title: string) => done("Role", title, "created"),
  edited: (title: string) => done("Role", title, "edited"),
  deleted: (title: string) => done("Role", title, "deleted"),
  duplicate: "A role with this title already exists.",
  notFound: "Role not found.",
  unknownPermission: "The selected permission_ids is invalid.",
  adminKeepsAll: "The Administrator role always holds every permission.",
  adminNotDeletable: "The Administrator role cannot be deleted.",
  onlyAdminEditsAdmin: "Only an administrator can change the Administrator role.",
} as const;

export const builtInTitleFixed = (title: string) =>
  `The title of the built-in role “${title}” cannot change: Crewdeck looks the role up by it.`;
export const builtInNotDeletable = (title: string) =>
  `The built-in role “${title}” cannot be deleted: Crewdeck looks the role up by its title.`;

export const rolesListInput = pageInput(10).extend({
  filter: z.object({ search: searchText }).default({ search: undefined }),
});

const usersCount = sql<number>`(select count(*) from ${schema.userRoles} where ${schema.userRoles.roleId} = ${schema.roles.id})`;
const permissionsCount = sql<number>`(select count(*) from ${schema.rolePermissions} where ${schema.rolePermissions.roleId} = ${schema.roles.id})`;

const fields = {
  id: schema.roles.id,
  title: schema.roles.title,
  description: schema.roles.description,
  users_count: usersCount.mapWith(Number),
  permissions_count: permissionsCount.mapWith(Number),
};

type RoleRow = { id: number; title: string; description: string | null } & Partial<
  Pick<RoleView, "users_count" | "permissions_count">
>;

export const roleView = (r: RoleRow, permissionIds: number[] = []): RoleView => ({
  id: r.id,
  title: r.title,
  description: r.description,
  users_count: r.users_count ?? 0,
  permissions_count: r.permissions_count ?? 0,
  built_in: isBuiltInRole(r.title),
  all_permissions: r.title === ROLE.admin,
  permission_ids: permissionIds,
});

/** GET roles?page=&perPage=&filter[search]=: by id (the built-in roles first), 10 a page. */
export async function listRoles(ctx: Ctx, raw: unknown): Promise<Page<RoleView>> {
  requirePermission(ctx, "role_access");
  const input = parseInput(rolesListInput, raw ?? {});
  const search = input.filter.search;
  const where = search ? ilike(schema.roles.title, containsPattern(search)) : undefined;
  const [{ total }] = await ctx.db.select({ total: count() }).from(schema.roles).where(where);
  const rows = await ctx.db
    .select(fields)
    .from(schema.roles)
    .where(where)
    .orderBy(asc(schema.roles.id))
    .limit(input.perPage)
    .offset(offsetOf(input.page, input.perPage));
  const grants = rows.length
    ? await ctx.db
        .select({
          roleId: schema.rolePermissions.roleId,
          permissionId: schema.rolePermissions.permissionId,
        })
        .from(schema.rolePermissions)
        .where(
          inArray(
            schema.rolePermissions.roleId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(schema.rolePermissions.permissionId))
    : [];
  return {
    items: rows.map((r) =>
      roleView(
        r,
        grants.filter((g) => g.roleId === r.id).map((g) => g.permissionId),
      ),
    ),
    meta: pageMeta(input.page, input.perPage, Number(total)),
  };
}

/** A path id that is not a positive integer names no role: 404, not 422. */
export function roleIdOf(raw: unknown): number {
  if (!isId(raw)) throw new NotFoundError(ROLE_MESSAGES.notFound);
  return Number(raw);
}

/** The role row (locked when `forUpdate`), or 404. */
export async function loadRole(db: DbOrTx, id: number, forUpdate = false) {
  const query = db
    .select({
      id: schema.roles.id,
      title: schema.roles.title,
      description: schema.roles.description,
    })
    .from(schema.roles)
    .where(eq(schema.roles.id, id));
  const [row] = forUpdate ? await query.for("update") : await query;
  if (!row) throw new NotFoundError(ROLE_MESSAGES.notFound);
  return row;
}

/** The permissions a role holds, by id. */
export async function permissionsOfRole(db: DbOrTx, roleId: number) {
  return db
    .select({ id: schema.permissions.id, name: schema.permissions.name })
    .from(schema.rolePermissions)
    .innerJoin(schema.permissions, eq(schema.permissions.id, schema.rolePermissions.permissionId))
    .where(eq(schema.rolePermissions.roleId, roleId))
    .orderBy(asc(schema.permissions.id));
}

/** One role with its counts and permissions. */
export async function roleDetail(db: DbOrTx, id: number): Promise<RoleDetail> {
  const [row] = await db.select(fields).from(schema.roles).where(eq(schema.roles.id, id));
  if (!row) throw new NotFoundError(ROLE_MESSAGES.notFound);
  const perms = await permissionsOfRole(db, id);
  return {
    ...roleView(
      row,
      perms.map((p) => p.id),
    ),
    permissions: perms.map((p) => p.name),
  };
}

/** GET roles/{id}: with its permission ids. */
export async function getRole(ctx: Ctx, rawId: unknown): Promise<RoleDetail> {
  requirePermission(ctx, "role_access");
  return roleDetail(ctx.db, roleIdOf(rawId));
}

/** A permission in the role checklist. */
export interface PermissionChoice {
  id: number;
  name: string;
  label: string;
  /** What it opens (the catalogue's sentence; a custom permission's description). */
  opens: string;
  /** The viewer holds it, so may build it into a role (lib/domain/manage.ts). */
  grantable: boolean;
}

export interface PermissionChoiceGroup {
  key: PermissionGroup | "other";
  label: string;
  permissions: PermissionChoice[];
}

/**
 * The role dialog's checklist: every permission row, grouped as the catalogue says (work,
 * people, clients, money, insights, settings); permissions added for integrations last.
 */
export async function rolePermissionChoices(ctx: Ctx): Promise<PermissionChoiceGroup[]> {
  requirePermission(ctx, "role_access");
  const a = ctx.actor;
  const grantable = (name: string) =>
    a?.kind !== "user" || permissionsBeyond(actorHolder(a), [name]).length === 0;
  const rows = await ctx.db
    .select({
      id: schema.permissions.id,
      name: schema.permissions.name,
      description: schema.permissions.description,
    })
    .from(schema.permissions)
    .orderBy(asc(schema.permissions.id));
  const groups: PermissionChoiceGroup[] = [
    ...(Object.entries(PERMISSION_GROUPS) as [PermissionGroup, string][]).map(([key, label]) => ({
      key,
      label,
      permissions: [] as PermissionChoice[],
    })),
    { key: "other", label: "Other permissions", permissions: [] },
  ];
  const byKey = new Map(groups.map((g) => [g.key, g]));
  for (const r of rows) {
    if (isCodePermission(r.name)) {
      const info = PERMISSIONS[r.name];
      byKey.get(info.group)!.permissions.push({
        id: r.id,
        name: r.name,
        label: info.label,
        opens: info.opens,
        grantable: grantable(r.name),
      });
    } else {
      byKey.get("other")!.permissions.push({
        id: r.id,
        name: r.name,
        label: r.name,
        opens: r.description ?? "Added for an integration; Crewdeck's screens do not check it.",
        grantable: grantable(r.name),
      });
    }
  }
  return groups.filter((g) => g.permissions.length > 0);
}

/** Names of the permissions with these ids, for the activity log. */
export async function permissionNames(db: DbOrTx, ids: number[]): Promise<string[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({ name: schema.permissions.name })
    .from(schema.permissions)
    .where(inArray(schema.permissions.id, ids))
    .orderBy(asc(schema.permissions.id));
  return rows.map((r) => r.name);
}
