import { done } from "@/lib/domain/done";
import { z } from "zod";
import { COMMENT_MAX, LABEL_MAX, tooLongMessage } from "@/lib/domain/text-limits";
import { asc, count, eq, ilike, inArray, or } from "drizzle-orm";
import { schema, type DbOrTx } from "@/db";
import { PERMISSION_GROUPS, PERMISSIONS, ROLE, isCodePermission } from "@/lib/domain/permissions";
import { requirePermission, withTx, type Ctx } from "../context";
import { ConflictError, NotFoundError, ValidationError } from "../errors";
import { offsetOf, pageInput, pageMeta, type Page } from "../pagination";
import { isId, searchText } from "../params";
import { parseInput } from "../validate";
import { logActivity } from "../activity";
import { containsPattern } from "../like";
import { assertNameFree, mapUniqueViolation, optionalText } from "../master-data";

/**
 * Permissions (spec §2 /permissions [permission_access], §6 "permissions are manageable"):
 * the strings roles hold. Those the code checks (keys of PERMISSIONS) keep their names and
 * cannot be deleted; others can be added for an integration, renamed and deleted.
 */
export interface PermissionView {
  id: number;
  name: string;
  description: string | null;
  /** Checked by Crewdeck's code: its name is fixed and it cannot be deleted. */
  built_in: boolean;
  /** The catalogue's group and label of a code permission; null for others. */
  group: string | null;
  label: string | null;
  /** The roles holding it, by title. */
  roles: { id: number; title: string }[];
}

export const PERMISSION_MESSAGES = {
  created: (name: string) => done("Permission", name, "created"),
  edited: (name: string) => done("Permission", name, "edited"),
  deleted: (name: string) => done("Permission", name, "deleted"),
  duplicate: "A permission with this name already exists.",
  notFound: "Permission not found.",
  nameFixed: "The name of a permission Crewdeck's code checks cannot change.",
} as const;

export const codePermissionNotDeletable = (name: string) =>
  `The permission “${name}” is checked by Crewdeck's code and cannot be deleted.`;

const NAME_RULE =
  "The name may hold only lower-case letters, digits and underscores, and must start with a letter.";

/** POST permissions and PUT permissions/{id}: a name like `export_payroll` and a description. */
export const permissionInput = z.object({
  name: z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : v),
    z
      .string({
        error: (issue) =>
          issue.input === undefined || issue.input === null
            ? "The name field is required."
            : "The name must be a string.",
      })
      .min(1, "The name field is required.")
      .max(LABEL_MAX, tooLongMessage("name", LABEL_MAX))
      .regex(/^[a-z][a-z0-9_]*$/, NAME_RULE),
  ),
  description: optionalText(COMMENT_MAX),
});
export type PermissionInput = z.input<typeof permissionInput>;

export const permissionsListInput = pageInput(10).extend({
  filter: z.object({ search: searchText }).default({ search: undefined }),
});

const fields = {
  id: schema.permissions.id,
  name: schema.permissions.name,
  description: schema.permissions.description,
};
type PermissionRow = { id: number; name: string; description: string | null };

async function rolesOf(db: DbOrTx, ids: number[]) {
  const byPermission = new Map<number, { id: number; title: string }[]>();
  if (!ids.length) return byPermission;
  const rows = await db
    .select({
      permissionId: schema.rolePermissions.permissionId,
      id: schema.roles.id,
      title: schema.roles.title,
    })
    .from(schema.rolePermissions)
    .innerJoin(schema.roles, eq(schema.roles.id, schema.rolePermissions.roleId))
    .where(inArray(schema.rolePermissions.permissionId, ids))
    .orderBy(asc(schema.roles.id));
  for (const r of rows) {
    const list = byPermission.get(r.permissionId) ?? [];
    list.push({ id: r.id, title: r.title });
    byPermission.set(r.permissionId, list);
  }
  return byPermission;
}

function view(r: PermissionRow, roles: { id: number; title: string }[]): PermissionView {
  const code = isCodePermission(r.name) ? PERMISSIONS[r.name] : null;
  return {
    ...r,
    built_in: code !== null,
    group: code ? PERMISSION_GROUPS[code.group] : null,
    label: code?.label ?? null,
    roles,
  };
}

/** GET permissions?page=&perPage=&filter[search]=: sorted by id (spec §9), 10 a page. */
export async function listPermissions(ctx: Ctx, raw: unknown): Promise<Page<PermissionView>> {
  requirePermission(ctx, "permission_access");
  const input = parseInput(permissionsListInput, raw ?? {});
  const search = input.filter.search;
  const where = search
    ? or(
        ilike(schema.permissions.name, containsPattern(search)),
        ilike(schema.permissions.description, containsPattern(search)),
      )
    : undefined;
  const [{ total }] = await ctx.db.select({ total: count() }).from(schema.permissions).where(where);
  const rows = await ctx.db
    .select(fields)
    .from(schema.permissions)
    .where(where)
    .orderBy(asc(schema.permissions.id))
    .limit(input.perPage)
    .offset(offsetOf(input.page, input.perPage));
  const roles = await rolesOf(
    ctx.db,
    rows.map((r) => r.id),
  );
  return {
    items: rows.map((r) => view(r, roles.get(r.id) ?? [])),
    meta: pageMeta(input.page, input.perPage, Number(total)),
  };
}

function idOf(raw: unknown): number {
  if (!isId(raw)) throw new NotFoundError(PERMISSION_MESSAGES.notFound);
  return Number(raw);
}

async function load(db: DbOrTx, id: number, forUpdate = false) {
  const query = db.select(fields).from(schema.permissions).where(eq(schema.permissions.id, id));
  const [row] = forUpdate ? await query.for("update") : await query;
  if (!row) throw new NotFoundError(PERMISSION_MESSAGES.notFound);
  return row;
}

async function detail(db: DbOrTx, id: number) {
  const row = await load(db, id);
  return view(row, (await rolesOf(db, [id])).get(id) ?? []);
}

/** GET permissions/{id}: with the roles holding it. */
export async function getPermission(ctx: Ctx, rawId: unknown): Promise<PermissionView> {
  requirePermission(ctx, "permission_access");
  return detail(ctx.db, idOf(rawId));
}

const nameFree = (db: DbOrTx, value: string, exceptId?: number) =>
  assertNameFree(db, {
    table: schema.permissions,
    id: schema.permissions.id,
    name: schema.permissions.name,
    value,
    exceptId,
    lockKey: "crewdeck.permissions.name",
    message: PERMISSION_MESSAGES.duplicate,
  });

/** POST permissions: a new permission string; the Administrator role holds it at once. */
export async function createPermission(
  ctx: Ctx,
  raw: unknown,
): Promise<PermissionView & { message: string }> {
  requirePermission(ctx, "permission_access");
  const input = parseInput(permissionInput, raw ?? {});
  const id = await mapUniqueViolation(
    () =>
      withTx(ctx, async (ctx) => {
        await nameFree(ctx.db, input.name);
        const [created] = await ctx.db
          .insert(schema.permissions)
          .values({ name: input.name, description: input.description, createdAt: ctx.now })
          .returning({ id: schema.permissions.id });
        const [admin] = await ctx.db
          .select({ id: schema.roles.id })
          .from(schema.roles)
          .where(eq(schema.roles.title, ROLE.admin));
        if (admin)
          await ctx.db
            .insert(schema.rolePermissions)
            .values({ roleId: admin.id, permissionId: created.id })
            .onConflictDoNothing();
        await logActivity(ctx, {
          logName: "permissions",
          description: `Created permission "${input.name}"`,
          subjectType: "permissions",
          subjectId: created.id,
          properties: { name: input.name, description: input.description },
        });
        return created.id;
      }),
    PERMISSION_MESSAGES.duplicate,
  );
  const view = await detail(ctx.db, id);
  return { ...view, message: PERMISSION_MESSAGES.created(view.name) };
}

/** PUT permissions/{id}: the description; the name too, unless the code checks it (422). */
export async function updatePermission(
  ctx: Ctx,
  rawId: unknown,
  raw: unknown,
): Promise<PermissionView & { message: string }> {
  requirePermission(ctx, "permission_access");
  const id = idOf(rawId);
  const input = parseInput(permissionInput, raw ?? {});
  await mapUniqueViolation(
    () =>
      withTx(ctx, async (ctx) => {
        const before = await load(ctx.db, id, true);
        if (isCodePermission(before.name) && input.name !== before.name)
          throw new ValidationError(PERMISSION_MESSAGES.nameFixed, {
            name: [PERMISSION_MESSAGES.nameFixed],
          });
        // A custom permission may not take the name of one the code checks.
        await nameFree(ctx.db, input.name, id);
        await ctx.db
          .update(schema.permissions)
          .set({ name: input.name, description: input.description })
          .where(eq(schema.permissions.id, id));
        await logActivity(ctx, {
          logName: "permissions",
          description: `Edited permission "${input.name}"`,
          subjectType: "permissions",
          subjectId: id,
          properties: {
            old: { name: before.name, description: before.description },
            attributes: { name: input.name, description: input.description },
          },
        });
      }),
    PERMISSION_MESSAGES.duplicate,
  );
  const view = await detail(ctx.db, id);
  return { ...view, message: PERMISSION_MESSAGES.edited(view.name) };
}

/** DELETE permissions/{id}: 409 for one the code checks; others go, with their role grants. */
export async function deletePermission(
  ctx: Ctx,
  rawId: unknown,
): Promise<{ id: number; message: string }> {
  requirePermission(ctx, "permission_access");
  const id = idOf(rawId);
  const name = await withTx(ctx, async (ctx) => {
    const row = await load(ctx.db, id, true);
    if (isCodePermission(row.name))
      throw new ConflictError(codePermissionNotDeletable(row.name), "code_permission");
    const roles = (await rolesOf(ctx.db, [id])).get(id) ?? [];
    await ctx.db.delete(schema.permissions).where(eq(schema.permissions.id, id));
    await logActivity(ctx, {
      logName: "permissions",
      description: `Deleted permission "${row.name}"`,
      subjectType: "permissions",
      subjectId: id,
      properties: {
        name: row.name,
        description: row.description,
        roles: roles.map((r) => r.title),
      },
    });
    return row.name;
  });
  return { id, message: PERMISSION_MESSAGES.deleted(name) };
}
