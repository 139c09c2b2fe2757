import { eq, inArray, sql } from "drizzle-orm";
import { schema, type DbOrTx } from "@/db";
import {
  mayGrant,
  mayManage,
  type Holder,
  type ManageAction,
  type Verdict,
} from "@/lib/domain/manage";
import { ROLE } from "@/lib/domain/permissions";
import type { UserActor } from "../actor-types";
import { ForbiddenError } from "../errors";
import { USERS_ID } from "./workers";

/**
 * The service side of "who may manage whom" (lib/domain/manage.ts): loading what a target
 * holds, and the 403 every verb that touches another user answers when the rule refuses.
 */

/**
 * The permission names the outer `users` row's roles hold, as one json array. The user id is
 * USERS_ID, written in full: Drizzle leaves the table out of a single-table select's columns,
 * and inside these subqueries a bare "id" would be another table's.
 */
export const heldPermissionsSql = () =>
  sql<string[] | null>`(select json_agg(distinct p.name)
    from user_roles ur join role_permissions rp on rp.role_id = ur.role_id
    join permissions p on p.id = rp.permission_id where ur.user_id = ${USERS_ID})`;

/** Whether the outer `users` row holds the Administrator role (spec §6: by role title). */
export const holdsAdminRoleSql = () =>
  sql<boolean>`exists (select 1 from user_roles ur join roles r on r.id = ur.role_id
    where ur.user_id = ${USERS_ID} and r.title = ${ROLE.admin})`;

export function holderOf(row: {
  id: number;
  isAdmin: unknown;
  permissions: string[] | null;
}): Holder {
  return {
    userId: row.id,
    isAdmin: Boolean(row.isAdmin),
    permissions: new Set(row.permissions ?? []),
  };
}

export const actorHolder = (actor: UserActor): Holder => ({
  userId: actor.userId,
  isAdmin: actor.isAdmin,
  permissions: actor.permissions,
});

/** What a user holds, read in one query; null for an unknown id. */
export async function loadHolder(db: DbOrTx, userId: number): Promise<Holder | null> {
  const [row] = await db
    .select({
      id: schema.users.id,
      isAdmin: holdsAdminRoleSql(),
      permissions: heldPermissionsSql(),
    })
    .from(schema.users)
    .where(eq(schema.users.id, userId));
  return row ? holderOf(row) : null;
}

/** 403 with the rule's reason when the actor may not do `action` to the target's account. */
export function assertMayManage(actor: UserActor, target: Holder, action: ManageAction): void {
  const verdict = mayManage(actorHolder(actor), target, action);
  if (!verdict.allowed) throw new ForbiddenError(verdict.reason, "manage_refused");
}

/** The verdict as screens and lists carry it: may the actor, and if not, why not. */
export function manageVerdict(
  actor: UserActor,
  target: Holder,
  action: ManageAction = "change",
): { allowed: boolean; reason: string | null } {
  const verdict: Verdict = mayManage(actorHolder(actor), target, action);
  return verdict.allowed
    ? { allowed: true, reason: null }
    : { allowed: false, reason: verdict.reason };
}

export interface GrantableRole {
  id: number;
  title: string;
  isAdmin: boolean;
  permissions: string[];
}

/** Roles with what they hold, for the grant rule (one query). */
export async function rolesWithPermissions(
  db: DbOrTx,
  roleIds?: number[],
): Promise<GrantableRole[]> {
  if (roleIds && roleIds.length === 0) return [];
  const rows = await db
    .select({
      id: schema.roles.id,
      title: schema.roles.title,
      permissions: sql<string[] | null>`(select json_agg(p.name)
        from role_permissions rp join permissions p on p.id = rp.permission_id
        where rp.role_id = ${sql.identifier("roles")}.${sql.identifier("id")})`,
    })
    .from(schema.roles)
    .where(roleIds ? inArray(schema.roles.id, roleIds) : undefined)
    .orderBy(schema.roles.id);
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    isAdmin: r.title === ROLE.admin,
    permissions: r.permissions ?? [],
  }));
}

/** The rule's verdict on giving this role. */
export const grantVerdict = (actor: UserActor, role: GrantableRole): Verdict =>
  mayGrant(actorHolder(actor), role);

/** 403 naming the first of these roles the actor may not give (lib/domain/manage.ts). */
export async function assertMayGrantRoles(
  db: DbOrTx,
  actor: UserActor,
  roleIds: number[],
): Promise<void> {
  if (actor.isAdmin || roleIds.length === 0) return;
  for (const role of await rolesWithPermissions(db, roleIds)) {
    const verdict = grantVerdict(actor, role);
    if (!verdict.allowed) throw new ForbiddenError(verdict.reason, "grant_refused");
  }
}
