import { eq, inArray } from "drizzle-orm";
import { schema, type DbOrTx } from "@/db";
import { PERMISSIONS, type Permission } from "@/lib/domain/permissions";
import type { UserActor } from "../actor-types";
import { ForbiddenError } from "../errors";

/**
 * Who may hand out which role: an administrator any; anyone else no role that opens a
 * settings screen (roles, permissions, agency settings, master data) they cannot open
 * themselves — else a crew handler could make a user whose custom role holds role_access.
 * Returns, per role id, the settings permissions the actor lacks (empty: it may grant it).
 */
export async function settingsBeyondActor(
  db: DbOrTx,
  actor: UserActor,
  roleIds: number[],
): Promise<Map<number, string[]>> {
  const beyond = new Map<number, string[]>(roleIds.map((id) => [id, []]));
  if (actor.isAdmin || roleIds.length === 0) return beyond;
  const rows = await db
    .select({ roleId: schema.rolePermissions.roleId, name: schema.permissions.name })
    .from(schema.rolePermissions)
    .innerJoin(schema.permissions, eq(schema.permissions.id, schema.rolePermissions.permissionId))
    .where(inArray(schema.rolePermissions.roleId, roleIds));
  for (const r of rows) {
    const info = PERMISSIONS[r.name as Permission];
    if (info?.group === "settings" && !actor.permissions.has(r.name))
      beyond.get(r.roleId)?.push(r.name);
  }
  return beyond;
}

/** 403 when the actor may not grant one of these roles (see settingsBeyondActor). */
export async function assertMayGrantRoles(
  db: DbOrTx,
  actor: UserActor,
  roles: { id: number; title: string }[],
): Promise<void> {
  const beyond = await settingsBeyondActor(
    db,
    actor,
    roles.map((r) => r.id),
  );
  const refused = roles.find((r) => (beyond.get(r.id) ?? []).length > 0);
  if (refused)
    throw new ForbiddenError(
      `Only an administrator can grant the role ${refused.title}: it opens settings you cannot open yourself.`,
    );
}
