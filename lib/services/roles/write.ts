import { z } from "zod";
import { COMMENT_MAX, LABEL_MAX } from "@/lib/domain/text-limits";
import { and, asc, count, eq, inArray, notInArray, sql } from "drizzle-orm";
import { schema, type Tx, sideBySide } from "@/db";
import { mayBuildRole } from "@/lib/domain/manage";
import { ROLE, isBuiltInRole } from "@/lib/domain/permissions";
import { requirePermission, withTx, type Ctx, type TxCtx } from "../context";
import { ConflictError, ForbiddenError, ValidationError } from "../errors";
import { idSchema } from "../params";
import { parseInput } from "../validate";
import { logActivity } from "../activity";
import { actorHolder } from "../users/manage";
import {
  assertNameFree,
  inUseError,
  isForeignKeyViolation,
  mapUniqueViolation,
  nameField,
  optionalText,
  usageOf,
} from "../master-data";
import {
  ROLE_MESSAGES,
  builtInNotDeletable,
  builtInTitleFixed,
  loadRole,
  permissionsOfRole,
  roleDetail,
  roleIdOf,
  type RoleDetail,
} from "./read";

const permissionIds = z
  .array(idSchema, { error: "The permission_ids field must be a list of ids." })
  .max(500, "At most 500 permissions can be chosen.")
  .transform((ids) => [...new Set(ids)]);

/**
 * POST roles and PUT roles/{id}: title (unique regardless of case), description and the
 * permission ids. On PUT, absent permission_ids leave the role's permissions as they are.
 */
export const roleInput = z.object({
  title: nameField(LABEL_MAX, "title"),
  description: optionalText(COMMENT_MAX),
  permission_ids: permissionIds.optional(),
});
export type RoleInput = z.input<typeof roleInput>;

const titleFree = (tx: Tx, value: string, exceptId?: number) =>
  assertNameFree(tx, {
    table: schema.roles,
    id: schema.roles.id,
    name: schema.roles.title,
    value,
    exceptId,
    lockKey: "crewdeck.roles.title",
    message: ROLE_MESSAGES.duplicate,
    field: "title",
  });

const invalid = (field: string, message: string) =>
  new ValidationError(message, { [field]: [message] });

/** The permission rows of these ids, all of which must exist (else 422 on permission_ids). */
async function permissionsById(tx: Tx, ids: number[]) {
  if (!ids.length) return [];
  const rows = await tx
    .select({ id: schema.permissions.id, name: schema.permissions.name })
    .from(schema.permissions)
    .where(inArray(schema.permissions.id, ids))
    .orderBy(asc(schema.permissions.id));
  if (rows.length !== ids.length) throw invalid("permission_ids", ROLE_MESSAGES.unknownPermission);
  return rows;
}

/**
 * role_access alone would let its holder hand any permission to a role it holds, or strip
 * one from the accounts of people above it. One who is not an administrator may build a role
 * only from permissions it holds itself (lib/domain/manage.ts): every permission the role
 * holds after the change, and every one it held before (403 otherwise).
 */
function assertMayBuild(ctx: TxCtx, permissions: string[]) {
  const a = ctx.actor;
  if (!a || a.kind !== "user" || a.isAdmin) return;
  const verdict = mayBuildRole(actorHolder(a), permissions);
  if (!verdict.allowed) throw new ForbiddenError(verdict.reason, "grant_refused");
}

/** Makes the role hold exactly these permissions. */
async function setPermissions(tx: Tx, roleId: number, ids: number[]) {
  await tx
    .delete(schema.rolePermissions)
    .where(
      and(
        eq(schema.rolePermissions.roleId, roleId),
        ids.length ? notInArray(schema.rolePermissions.permissionId, ids) : undefined,
      ),
    );
  if (ids.length)
    await tx
      .insert(schema.rolePermissions)
      .values(ids.map((permissionId) => ({ roleId, permissionId })))
      .onConflictDoNothing();
}

/** POST roles. */
export async function createRole(
  ctx: Ctx,
  raw: unknown,
): Promise<RoleDetail & { message: string }> {
  requirePermission(ctx, "role_access");
  const input = parseInput(roleInput, raw ?? {});
  const id = await mapUniqueViolation(
    () =>
      withTx(ctx, async (ctx) => {
        await titleFree(ctx.db, input.title);
        const perms = await permissionsById(ctx.db, input.permission_ids ?? []);
        assertMayBuild(
          ctx,
          perms.map((p) => p.name),
        );
        const [created] = await ctx.db
          .insert(schema.roles)
          .values({
            title: input.title,
            description: input.description,
            createdAt: ctx.now,
            updatedAt: ctx.now,
          })
          .returning({ id: schema.roles.id });
        await setPermissions(
          ctx.db,
          created.id,
          perms.map((p) => p.id),
        );
        await logActivity(ctx, {
          logName: "roles",
          description: `Created role "${input.title}"`,
          subjectType: "roles",
          subjectId: created.id,
          properties: {
            title: input.title,
            description: input.description,
            permissions: perms.map((p) => p.name),
          },
        });
        return created.id;
      }),
    ROLE_MESSAGES.duplicate,
    "title",
  );
  const created = await roleDetail(ctx.db, id);
  return { ...created, message: ROLE_MESSAGES.created(created.title) };
}

/**
 * PUT roles/{id}. A built-in role keeps its title (422 on title); the Administrator keeps every
 * permission: permission_ids leaving one out is a 422, and it is given any it lacks.
 */
export async function updateRole(
  ctx: Ctx,
  rawId: unknown,
  raw: unknown,
): Promise<RoleDetail & { message: string }> {
  requirePermission(ctx, "role_access");
  const id = roleIdOf(rawId);
  const input = parseInput(roleInput, raw ?? {});
  await mapUniqueViolation(
    () =>
      withTx(ctx, async (ctx) => {
        const before = await loadRole(ctx.db, id, true);
        const actor = ctx.actor;
        if (before.title === ROLE.admin && actor?.kind === "user" && !actor.isAdmin)
          throw new ForbiddenError(ROLE_MESSAGES.onlyAdminEditsAdmin, "grant_refused");
        if (isBuiltInRole(before.title) && input.title !== before.title)
          throw invalid("title", builtInTitleFixed(before.title));
        await titleFree(ctx.db, input.title, id);
        const held = await permissionsOfRole(ctx.db, id);
        let next: { id: number; name: string }[];
        if (before.title === ROLE.admin) {
          const all = await ctx.db
            .select({ id: schema.permissions.id, name: schema.permissions.name })
            .from(schema.permissions)
            .orderBy(asc(schema.permissions.id));
          const chosen = new Set(input.permission_ids ?? all.map((p) => p.id));
          if (all.some((p) => !chosen.has(p.id)))
            throw invalid("permission_ids", ROLE_MESSAGES.adminKeepsAll);
          await permissionsById(ctx.db, [...chosen]);
          next = all;
        } else {
          next = input.permission_ids ? await permissionsById(ctx.db, input.permission_ids) : held;
        }
        const heldNames = new Set(held.map((p) => p.name));
        const nextNames = new Set(next.map((p) => p.name));
        const added = next.filter((p) => !heldNames.has(p.name)).map((p) => p.name);
        const removed = held.filter((p) => !nextNames.has(p.name)).map((p) => p.name);
        assertMayBuild(ctx, [...heldNames, ...nextNames]);
        await ctx.db
          .update(schema.roles)
          .set({ title: input.title, description: input.description, updatedAt: ctx.now })
          .where(eq(schema.roles.id, id));
        await setPermissions(
          ctx.db,
          id,
          next.map((p) => p.id),
        );
        await logActivity(ctx, {
          logName: "roles",
          description: `Edited role "${input.title}"`,
          subjectType: "roles",
          subjectId: id,
          properties: {
            old: {
              title: before.title,
              description: before.description,
              permissions: held.map((p) => p.name),
            },
            attributes: {
              title: input.title,
              description: input.description,
              permissions: next.map((p) => p.name),
            },
            added,
            removed,
          },
        });
      }),
    ROLE_MESSAGES.duplicate,
    "title",
  );
  const edited = await roleDetail(ctx.db, id);
  return { ...edited, message: ROLE_MESSAGES.edited(edited.title) };
}

/**
 * Where a role is used: the users holding it, and the document types and help categories
 * aimed at it (deleting it would silently widen those to everyone).
 */
async function roleUsage(tx: Tx, id: number) {
  const [[users], [docTypes], [helpCategories]] = await sideBySide(
    tx,
    () => tx.select({ n: count() }).from(schema.userRoles).where(eq(schema.userRoles.roleId, id)),
    () =>
      tx
        .select({ n: count() })
        .from(schema.documentTypeRoles)
        .where(eq(schema.documentTypeRoles.roleId, id)),
    () =>
      tx
        .select({ n: count() })
        .from(schema.helpCategories)
        .where(sql`${schema.helpCategories.targetRoles} @> ${JSON.stringify([id])}::jsonb`),
  );
  return usageOf([
    [Number(users.n), "user"],
    [Number(docTypes.n), "document type"],
    [Number(helpCategories.n), "help category", "help categories"],
  ]);
}

const inUse = (usage: ReturnType<typeof usageOf>) =>
  inUseError(
    "role",
    usage,
    "Give those users another role, and take the role off those document types and help categories, first.",
    "role_in_use",
  );

/**
 * DELETE roles/{id}: only a role nobody holds and nothing targets (409 naming how many
 * users hold it otherwise); the built-in roles never (409).
 */
export async function deleteRole(
  ctx: Ctx,
  rawId: unknown,
): Promise<{ id: number; message: string }> {
  requirePermission(ctx, "role_access");
  const id = roleIdOf(rawId);
  let title = "";
  try {
    await withTx(ctx, async (ctx) => {
      // FOR UPDATE waits for the key-share lock a new user_roles row takes on its role, so the
      // count below cannot miss a grant being saved right now (the grants would cascade).
      const row = await loadRole(ctx.db, id, true);
      title = row.title;
      if (row.title === ROLE.admin)
        throw new ConflictError(ROLE_MESSAGES.adminNotDeletable, "built_in_role");
      if (isBuiltInRole(row.title))
        throw new ConflictError(builtInNotDeletable(row.title), "built_in_role");
      const usage = await roleUsage(ctx.db, id);
      if (usage.count > 0) throw inUse(usage);
      const perms = await permissionsOfRole(ctx.db, id);
      assertMayBuild(
        ctx,
        perms.map((p) => p.name),
      );
      await ctx.db.delete(schema.roles).where(eq(schema.roles.id, id));
      await logActivity(ctx, {
        logName: "roles",
        description: `Deleted role "${row.title}"`,
        subjectType: "roles",
        subjectId: id,
        properties: {
          title: row.title,
          description: row.description,
          permissions: perms.map((p) => p.name),
        },
      });
    });
  } catch (err) {
    if (isForeignKeyViolation(err)) throw inUse({ count: 1, label: "a user" });
    throw err;
  }
  return { id, message: ROLE_MESSAGES.deleted(title) };
}
