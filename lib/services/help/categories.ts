import { z } from "zod";
import { COMMENT_MAX, LABEL_MAX } from "@/lib/domain/text-limits";
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
  countOf,
  inUseError,
  nameField,
  optionalText,
  saveWeights,
  usageOf,
  weightsInput,
} from "../master-data";
import { masterListWrites, refuseWhenUsed, uniqueName } from "../master-data/writes";
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
  duplicate: "A help category with this name already exists.",
  badRole: "The selected role is invalid.",
} as const;

export const helpCategoryInput = z.object({
  name: nameField(LABEL_MAX),
  description: optionalText(COMMENT_MAX),
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
const logged = (r: { name: string; description: string | null; target_roles: number[] }) => ({
  name: r.name,
  description: r.description,
  target_roles: r.target_roles,
});

const writes = masterListWrites({
  table: c,
  id: c.id,
  fields,
  permission: "help_category_access",
  logName: "help",
  subjectType: "help_categories",
  noun: "help category",
  messages: HELP_CATEGORY_MESSAGES,
  input: helpCategoryInput,
  idOf: categoryIdOf,
  load: loadCategory,
  claim: uniqueName(
    { table: c, id: c.id, name: c.name },
    "crewdeck.help_categories.name",
    HELP_CATEGORY_MESSAGES.duplicate,
  ),
  values: (input) => ({
    name: input.name,
    description: input.description,
    targetRoles: input.target_roles,
  }),
  check: (tx, input) => assertRoles(tx, input.target_roles),
  placed: async (tx) => {
    const [{ last }] = await tx
      .select({ last: sql<number>`coalesce(max(${c.weight}), 0)::int` })
      .from(c);
    return { weight: Number(last) + 1 };
  },
  view: async (db, row) => (await views(db, [row]))[0],
  logged,
  createdLog: (view) => ({ name: view.name, target_roles: view.target_roles }),
  // FOR UPDATE on the category (the load) conflicts with the key-share lock a new article takes
  // on it, so no article can be added between the count and the delete (which would cascade it).
  remove: refuseWhenUsed<CategoryRow>({
    count: async (db, id) => (await articleCounts(db, [id])).get(id) ?? 0,
    inUse: (articles) =>
      inUseError(
        "help category",
        usageOf([[articles, "article"]]),
        "Move its articles to another category or delete them first.",
        "help_category_in_use",
      ),
    properties: logged,
  }),
});

/** POST help-categories (name, description, target_roles): placed last in the order. */
export const createHelpCategory = writes.create;

/** PUT help-categories/{id}: replaces name, description and target_roles. */
export const updateHelpCategory = writes.update;

/** DELETE help-categories/{id}: only an empty category (409 naming how many articles). */
export const deleteHelpCategory = writes.remove;

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
