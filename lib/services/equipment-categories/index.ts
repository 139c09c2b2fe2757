import { z } from "zod";
import { COMMENT_MAX, LABEL_MAX } from "@/lib/domain/text-limits";
import { and, asc, count, ilike, inArray, isNull, sql } from "drizzle-orm";
import { schema, type DbOrTx } from "@/db";
import { requirePermission, requireUser, type Ctx } from "../context";
import { NotFoundError } from "../errors";
import { escapeLike } from "../like";
import { offsetOf, pageInput, pageMeta, type Page } from "../pagination";
import { flag, parseId, searchText } from "../params";
import { parseInput } from "../validate";
import { nameField, optionalText, usageOf, type Usage } from "../master-data";
import { live } from "../master-data/archive";
import {
  archivableName,
  archiveWhenUsed,
  masterListWrites,
  nameAndDescription,
} from "../master-data/writes";

/**
 * Equipment categories (master data, spec §2 /equipment-categories, §3, §7): what kinds of
 * gear an agency hires out or charges for; a job's equipment costs name one. A category in use
 * is archived on delete (hidden from list and pickers, kept where it is used), an unused one
 * is removed.
 */
export interface EquipmentCategoryView {
  id: number;
  name: string;
  description: string | null;
  /** Where it is used, e.g. "3 additional costs"; "" when unused. Absent in the picker form. */
  used_by?: string;
  used_count?: number;
}

export const EQUIPMENT_CATEGORY_MESSAGES = {
  duplicate: "An equipment category with this name already exists.",
  notFound: "Equipment category not found.",
} as const;

/** How many of the jobs' additional costs name each category, in one query. */
async function costCounts(db: DbOrTx, ids: number[]): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const ac = schema.additionalCosts;
  const rows = await db
    .select({ id: ac.equipmentCategoryId, n: count() })
    .from(ac)
    .where(inArray(ac.equipmentCategoryId, ids))
    .groupBy(ac.equipmentCategoryId);
  return new Map(rows.map((r) => [r.id!, Number(r.n)]));
}

async function usageFor(db: DbOrTx, id: number): Promise<Usage> {
  return usageOf([[(await costCounts(db, [id])).get(id) ?? 0, "additional cost"]]);
}

export const equipmentCategoryInput = z.object({
  name: nameField(LABEL_MAX),
  description: optionalText(COMMENT_MAX),
});
export type EquipmentCategoryInput = z.input<typeof equipmentCategoryInput>;

export const equipmentCategoriesListInput = pageInput(10).extend({
  /** Every live category on one page, by name (pickers). */
  all: flag,
  filter: z.object({ search: searchText }).default({ search: undefined }),
});

const ec = schema.equipmentCategories;
const fields = { id: ec.id, name: ec.name, description: ec.description };
type CategoryRow = { id: number; name: string; description: string | null };
const byName = [sql`lower(${ec.name})`, asc(ec.id)];

async function withUsage(db: DbOrTx, rows: CategoryRow[]): Promise<EquipmentCategoryView[]> {
  const counts = await costCounts(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => {
    const u = usageOf([[counts.get(r.id) ?? 0, "additional cost"]]);
    return { ...r, used_by: u.label, used_count: u.count };
  });
}

/**
 * GET equipment-categories?page=&perPage=&filter[search]=: the live categories by name, 10 a
 * page [equipment_category_access]. `all=1`: every live category on one page, to any
 * signed-in user (pickers).
 */
export async function listEquipmentCategories(
  ctx: Ctx,
  raw: unknown,
): Promise<Page<EquipmentCategoryView>> {
  const input = parseInput(equipmentCategoriesListInput, raw ?? {});
  if (input.all) {
    requireUser(ctx);
    const rows = await ctx.db
      .select(fields)
      .from(ec)
      .where(isNull(ec.archivedAt))
      .orderBy(...byName)
      .limit(500);
    return { items: rows, meta: pageMeta(1, Math.max(1, rows.length), rows.length) };
  }
  requirePermission(ctx, "equipment_category_access");
  const search = input.filter.search;
  const where = and(
    isNull(ec.archivedAt),
    search ? ilike(ec.name, `%${escapeLike(search)}%`) : undefined,
  );
  const [{ total }] = await ctx.db.select({ total: count() }).from(ec).where(where);
  const rows = await ctx.db
    .select(fields)
    .from(ec)
    .where(where)
    .orderBy(...byName)
    .limit(input.perPage)
    .offset(offsetOf(input.page, input.perPage));
  return {
    items: await withUsage(ctx.db, rows),
    meta: pageMeta(input.page, input.perPage, Number(total)),
  };
}

async function loadCategory(db: DbOrTx, id: number, forUpdate = false): Promise<CategoryRow> {
  const q = db
    .select(fields)
    .from(ec)
    .where(live(ec.id, ec.archivedAt, id));
  const [row] = forUpdate ? await q.for("update") : await q;
  if (!row) throw new NotFoundError(EQUIPMENT_CATEGORY_MESSAGES.notFound);
  return row;
}

/** GET equipment-categories/{id}. */
export async function getEquipmentCategory(
  ctx: Ctx,
  rawId: unknown,
): Promise<EquipmentCategoryView> {
  requirePermission(ctx, "equipment_category_access");
  const row = await loadCategory(ctx.db, parseId(rawId, "Equipment category"));
  return (await withUsage(ctx.db, [row]))[0];
}

const writes = masterListWrites({
  table: ec,
  id: ec.id,
  fields,
  permission: "equipment_category_access",
  logName: "equipment_categories",
  noun: "equipment category",
  messages: EQUIPMENT_CATEGORY_MESSAGES,
  input: equipmentCategoryInput,
  idOf: (raw) => parseId(raw, "Equipment category"),
  load: loadCategory,
  claim: archivableName(
    { table: ec, id: ec.id, name: ec.name, archivedAt: ec.archivedAt },
    "crewdeck.equipment_categories.name",
    EQUIPMENT_CATEGORY_MESSAGES.duplicate,
  ),
  values: nameAndDescription,
  view: async (db, row) => (await withUsage(db, [row]))[0],
  logged: nameAndDescription,
  remove: archiveWhenUsed<CategoryRow>({
    usage: (tx, row) => usageFor(tx, row.id),
    note: (usage) => `used by ${usage.label}`,
    properties: nameAndDescription,
  }),
});

/** POST equipment-categories (name, description); an archived namesake comes back. */
export const createEquipmentCategory = writes.create;

/** PUT equipment-categories/{id} (name, description). */
export const updateEquipmentCategory = writes.update;

/**
 * DELETE equipment-categories/{id}: removed when unused, archived while something uses it.
 * `archived` says which happened.
 */
export const deleteEquipmentCategory = writes.remove;
