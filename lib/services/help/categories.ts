import { z } from "zod";
import { asc, count, eq, ilike, inArray, sql } from "drizzle-orm";
import { schema, type DbOrTx } from "@/db";
import { requirePermission, withTx, type Ctx } from "../context";
import { NotFoundError, ValidationError } from "../errors";
import { offsetOf, pageInput, pageMeta, type Page } from "../pagination";
import { idSchema, searchText } from "../params";
import { parseInput } from "../validate";
import { logActivity } from "../activity";
import { escapeLike } from "../like";
import {
  WEIGHTS_SAVED,
  assertNameFree,
  countOf,
  inUseError,
  isForeignKeyViolation,
  nameField,
  optionalText,
  saveWeights,
  usageOf,
  weightsInput,
} from "../master-data";
import { HELP_MESSAGES, categoryIdOf } from "./access";

/**
 * Help categories (spec §2 /help-categories [help_category_access], §7): a name, a
 * description and the roles they are meant for (`target_roles`, role ids; empty means
 * everyone), in an order set by dragging (weights). A category holding articles cannot be
 * deleted (409 naming how many): its articles are moved or deleted first.
 */
export interface HelpCategoryView {
  id: number;
  name: string;
  description: string | null;
  target_roles: number[];
  /** The titles of target_roles, in role order; empty means everyone. */
  target_role_names: string[];
  weight: number;
  articles_count: number;
}

export const HELP_CATEGORY_MESSAGES = {
  created: "Help category created successfully",
  edited: "Help category edited successfully",
  deleted: "Help category deleted successfully",
  duplicate: "A help category with this name already exists.",
  badRole: "The selected role is invalid.",
} as const;

export const helpCategoryInput = z.object({
  name: nameField(100),
  description: optionalText(500),
  target_roles: z
    .array(idSchema, { error: "The target roles must be a list of role ids." })
    .max(50, "At most 50 roles can be chosen.")
    .default([])
    .transform((ids) => [...new Set(ids)].sort((a, b) => a - b)),
});
export type HelpCategoryInput = z.input<typeof helpCategoryInput>;

export const helpCategoriesListInput = pageInput(10).extend({
  filter: z.object({ search: searchText }).default({ search: undefined }),
});

const c = schema.helpCategories;
const fields = {
  id: c.id,
  name: c.name,
  description: c.description,
  target_roles: c.targetRoles,
  weight: c.weight,
};
interface CategoryRow {
  id: number;
  name: string;
  description: string | null;
  target_roles: number[];
  weight: number;
}

async function articleCounts(db: DbOrTx, ids: number[]): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: schema.helpArticles.categoryId, n: count() })
    .from(schema.helpArticles)
    .where(inArray(schema.helpArticles.categoryId, ids))
    .groupBy(schema.helpArticles.categoryId);
  return new Map(rows.map((r) => [Number(r.id), Number(r.n)]));
}

async function roleTitles(db: DbOrTx): Promise<Map<number, string>> {
  const rows = await db
    .select({ id: schema.roles.id, title: schema.roles.title })
    .from(schema.roles)
    .orderBy(asc(schema.roles.id));
  return new Map(rows.map((r) => [r.id, r.title]));
}

async function views(db: DbOrTx, rows: CategoryRow[]): Promise<HelpCategoryView[]> {
  const counts = await articleCounts(
    db,
    rows.map((r) => r.id),
  );
  const titles = await roleTitles(db);
  return rows.map((r) => ({
    ...r,
    target_roles: r.target_roles ?? [],
    // A role deleted since is left out of the names (it no longer matches anyone).
    target_role_names: (r.target_roles ?? []).flatMap((id) => titles.get(id) ?? []),
    articles_count: counts.get(r.id) ?? 0,
  }));
}

const ordered = [asc(c.weight), asc(c.id)];

/** GET help-categories?page=&perPage=&filter[search]=: in their order, 10 a page. */
export async function listHelpCategories(ctx: Ctx, raw: unknown): Promise<Page<HelpCategoryView>> {
  requirePermission(ctx, "help_category_access");
  const input = parseInput(helpCategoriesListInput, raw ?? {});
  const search = input.filter.search;
  const where = search ? ilike(c.name, `%${escapeLike(search)}%`) : undefined;
  const [{ total }] = await ctx.db.select({ total: count() }).from(c).where(where);
  const rows = await ctx.db
    .select(fields)
    .from(c)
    .where(where)
    .orderBy(...ordered)
    .limit(input.perPage)
    .offset(offsetOf(input.page, input.perPage));
  return {
    items: await views(ctx.db, rows),
    meta: pageMeta(input.page, input.perPage, Number(total)),
  };
}

/** Every category in order (id and name): the order list and the article form's picker. */
export async function helpCategoryOptions(ctx: Ctx): Promise<{ id: number; name: string }[]> {
  requirePermission(ctx, "help_category_access", "article_create", "article_edit");
  return ctx.db
    .select({ id: c.id, name: c.name })
    .from(c)
    .orderBy(...ordered)
    .limit(500);
}

/** The roles a category can be meant for (the form's checklist). */
export async function helpRoleOptions(ctx: Ctx): Promise<{ id: number; name: string }[]> {
  requirePermission(ctx, "help_category_access");
  return ctx.db
    .select({ id: schema.roles.id, name: schema.roles.title })
    .from(schema.roles)
    .orderBy(asc(schema.roles.id));
}

async function loadCategory(db: DbOrTx, id: number, forUpdate = false): Promise<CategoryRow> {
  const query = db.select(fields).from(c).where(eq(c.id, id));
  const [row] = forUpdate ? await query.for("update") : await query;
  if (!row) throw new NotFoundError(HELP_MESSAGES.categoryNotFound);
  return row;
}

/** GET help-categories/{id}. */
export async function getHelpCategory(ctx: Ctx, rawId: unknown): Promise<HelpCategoryView> {
  requirePermission(ctx, "help_category_access");
  const [view] = await views(ctx.db, [await loadCategory(ctx.db, categoryIdOf(rawId))]);
  return view;
}

const nameFree = (db: DbOrTx, value: string, exceptId?: number) =>
  assertNameFree(db, {
    table: c,
    id: c.id,
    name: c.name,
    value,
    exceptId,
    lockKey: "crewdeck.help_categories.name",
    message: HELP_CATEGORY_MESSAGES.duplicate,
  });

/** Every target role must exist (key-share locked, so it cannot vanish before the commit). */
async function assertRoles(db: DbOrTx, ids: number[]): Promise<void> {
  if (!ids.length) return;
  const found = await db
    .select({ id: schema.roles.id })
    .from(schema.roles)
    .where(inArray(schema.roles.id, ids))
    .for("key share");
  if (found.length !== ids.length)
    throw new ValidationError(HELP_CATEGORY_MESSAGES.badRole, {
      target_roles: [HELP_CATEGORY_MESSAGES.badRole],
    });
}

/** POST help-categories (name, description, target_roles): placed last in the order. */
export async function createHelpCategory(
  ctx: Ctx,
  raw: unknown,
): Promise<HelpCategoryView & { message: string }> {
  requirePermission(ctx, "help_category_access");
  const input = parseInput(helpCategoryInput, raw ?? {});
  const row = await withTx(ctx, async (ctx) => {
    await nameFree(ctx.db, input.name);
    await assertRoles(ctx.db, input.target_roles);
    const [{ last }] = await ctx.db
      .select({ last: sql<number>`coalesce(max(${c.weight}), 0)::int` })
      .from(c);
    const [created] = await ctx.db
      .insert(c)
      .values({
        name: input.name,
        description: input.description,
        targetRoles: input.target_roles,
        weight: Number(last) + 1,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      })
      .returning(fields);
    await logActivity(ctx, {
      logName: "help",
      description: `Created help category "${created.name}"`,
      subjectType: "help_categories",
      subjectId: created.id,
      properties: { name: created.name, target_roles: created.target_roles },
    });
    return created;
  });
  const [view] = await views(ctx.db, [row]);
  return { ...view, message: HELP_CATEGORY_MESSAGES.created };
}

/** PUT help-categories/{id}: replaces name, description and target_roles. */
export async function updateHelpCategory(
  ctx: Ctx,
  rawId: unknown,
  raw: unknown,
): Promise<HelpCategoryView & { message: string }> {
  requirePermission(ctx, "help_category_access");
  const id = categoryIdOf(rawId);
  const input = parseInput(helpCategoryInput, raw ?? {});
  const row = await withTx(ctx, async (ctx) => {
    const before = await loadCategory(ctx.db, id, true);
    await nameFree(ctx.db, input.name, id);
    await assertRoles(ctx.db, input.target_roles);
    const [updated] = await ctx.db
      .update(c)
      .set({
        name: input.name,
        description: input.description,
        targetRoles: input.target_roles,
        updatedAt: ctx.now,
      })
      .where(eq(c.id, id))
      .returning(fields);
    await logActivity(ctx, {
      logName: "help",
      description: `Edited help category "${updated.name}"`,
      subjectType: "help_categories",
      subjectId: id,
      properties: {
        old: {
          name: before.name,
          description: before.description,
          target_roles: before.target_roles,
        },
        attributes: {
          name: updated.name,
          description: updated.description,
          target_roles: updated.target_roles,
        },
      },
    });
    return updated;
  });
  const [view] = await views(ctx.db, [row]);
  return { ...view, message: HELP_CATEGORY_MESSAGES.edited };
}

const inUse = (articles: number) =>
  inUseError(
    "help category",
    usageOf([[articles, "article"]]),
    "Move its articles to another category or delete them first.",
    "help_category_in_use",
  );

/** DELETE help-categories/{id}: only an empty category (409 naming how many articles). */
export async function deleteHelpCategory(
  ctx: Ctx,
  rawId: unknown,
): Promise<{ id: number; message: string }> {
  requirePermission(ctx, "help_category_access");
  const id = categoryIdOf(rawId);
  try {
    await withTx(ctx, async (ctx) => {
      // FOR UPDATE conflicts with the key-share lock a new article takes on its category, so
      // no article can be added between the count and the delete (which would cascade it).
      const row = await loadCategory(ctx.db, id, true);
      const articles = (await articleCounts(ctx.db, [id])).get(id) ?? 0;
      if (articles > 0) throw inUse(articles);
      await ctx.db.delete(c).where(eq(c.id, id));
      await logActivity(ctx, {
        logName: "help",
        description: `Deleted help category "${row.name}"`,
        subjectType: "help_categories",
        subjectId: id,
        properties: {
          name: row.name,
          description: row.description,
          target_roles: row.target_roles,
        },
      });
    });
  } catch (err) {
    if (isForeignKeyViolation(err)) throw inUse((await articleCounts(ctx.db, [id])).get(id) ?? 1);
    throw err;
  }
  return { id, message: HELP_CATEGORY_MESSAGES.deleted };
}

/** POST help-categories/save-weights { ids }: the categories in their new order. */
export async function saveHelpCategoryWeights(
  ctx: Ctx,
  raw: unknown,
): Promise<{ ids: number[]; message: string }> {
  requirePermission(ctx, "help_category_access");
  const input = parseInput(weightsInput, raw ?? {});
  const ids = await withTx(ctx, async (ctx) => {
    const saved = await saveWeights(ctx.db, {
      table: c,
      id: c.id,
      weight: c.weight,
      ids: input.ids,
    });
    await logActivity(ctx, {
      logName: "help",
      description: `Set the order of ${countOf(saved.length, "help category", "help categories")}`,
      subjectType: "help_categories",
      properties: { ids: saved },
    });
    return saved;
  });
  return { ids, message: WEIGHTS_SAVED };
}
