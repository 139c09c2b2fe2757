import { z } from "zod";
import { COMMENT_MAX, LABEL_MAX } from "@/lib/domain/text-limits";
import { and, asc, count, countDistinct, ilike, inArray, isNull, max, or, sql } from "drizzle-orm";
import { schema, type DbOrTx, sideBySide } from "@/db";
import { logActivity } from "../activity";
import { requirePermission, requireUser, type Ctx, withTx } from "../context";
import { NotFoundError, ValidationError } from "../errors";
import { escapeLike } from "../like";
import { offsetOf, pageInput, pageMeta, type Page } from "../pagination";
import { flag, parseId, searchText } from "../params";
import { parseInput } from "../validate";
import { nameField, optionalText, saveWeights, weightsInput, WEIGHTS_SAVED } from "../master-data";
import { live } from "../master-data/archive";
import {
  archivableName,
  archiveWhenUsed,
  masterListWrites,
  nameAndDescription,
} from "../master-data/writes";

/**
 * Levels (master data, spec §2 /levels, §3 "level (weights)", §7): the experience ladder a
 * worker's skill is rated on. The order is the weight (db/schema/org.ts: higher = more
 * experienced), so the first level of the admin's order is the most junior and every picker
 * lists levels by weight ascending, then id. A level that workers or rates hold is archived
 * on delete (hidden from the list and the pickers, still named where it is held).
 */
export interface LevelView {
  id: number;
  name: string;
  description: string | null;
  weight: number;
  /** Workers holding it on a skill; absent in the picker form (`all`). */
  workers_count?: number;
  /** Client and worker rates priced for it; absent in the picker form (`all`). */
  rates_count?: number;
}

export const LEVEL_MESSAGES = {
  duplicate: "A level with this name already exists.",
  notFound: "Level not found.",
  incomplete: "The order must list every level once. Reload the page and try again.",
} as const;

export const levelInput = z.object({
  name: nameField(LABEL_MAX),
  description: optionalText(COMMENT_MAX),
});
export type LevelInput = z.input<typeof levelInput>;

export const levelsListInput = pageInput(10).extend({
  /** Every live level on one page, in order (pickers). */
  all: flag,
  filter: z.object({ search: searchText }).default({ search: undefined }),
});

const lv = schema.levels;
const fields = { id: lv.id, name: lv.name, description: lv.description, weight: lv.weight };
type LevelRow = { id: number; name: string; description: string | null; weight: number };
const order = [asc(lv.weight), asc(lv.id)];

/** Workers (distinct) and rates holding each level, archived or not. */
async function usageCounts(db: DbOrTx, ids: number[]) {
  const workers = new Map<number, number>();
  const rates = new Map<number, number>();
  if (ids.length === 0) return { workers, rates };
  const [w, cr, wr] = await sideBySide(
    db,
    () =>
      db
        .select({ id: schema.userSkills.levelId, n: countDistinct(schema.userSkills.userId) })
        .from(schema.userSkills)
        .where(inArray(schema.userSkills.levelId, ids))
        .groupBy(schema.userSkills.levelId),
    () =>
      db
        .select({ id: schema.clientRates.levelId, n: count() })
        .from(schema.clientRates)
        .where(inArray(schema.clientRates.levelId, ids))
        .groupBy(schema.clientRates.levelId),
    () =>
      db
        .select({ id: schema.workerRates.levelId, n: count() })
        .from(schema.workerRates)
        .where(inArray(schema.workerRates.levelId, ids))
        .groupBy(schema.workerRates.levelId),
  );
  for (const r of w) workers.set(Number(r.id), Number(r.n));
  for (const r of [...cr, ...wr])
    rates.set(Number(r.id), (rates.get(Number(r.id)) ?? 0) + Number(r.n));
  return { workers, rates };
}

async function withCounts(db: DbOrTx, rows: LevelRow[]): Promise<LevelView[]> {
  const { workers, rates } = await usageCounts(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    ...r,
    workers_count: workers.get(r.id) ?? 0,
    rates_count: rates.get(r.id) ?? 0,
  }));
}

/** "3 workers and 2 rates", for the delete answer and the activity log. */
export { levelUsage } from "@/lib/domain/usage";
import { levelUsage } from "@/lib/domain/usage";

/**
 * GET levels?page=&perPage=&filter[search]=: the live levels in order, 10 a page, with where
 * each is held [level_access]. `all=1` is the pickers' form: every live level in order on one
 * page, without counts, to any signed-in user (workers see levels on their skills).
 */
export async function listLevels(ctx: Ctx, raw: unknown): Promise<Page<LevelView>> {
  const input = parseInput(levelsListInput, raw ?? {});
  if (input.all) {
    requireUser(ctx);
    const rows = await levelOptions(ctx.db);
    return { items: rows, meta: pageMeta(1, Math.max(1, rows.length), rows.length) };
  }
  requirePermission(ctx, "level_access");
  const search = input.filter.search;
  const where = and(
    isNull(lv.archivedAt),
    search ? ilike(lv.name, `%${escapeLike(search)}%`) : undefined,
  );
  const [{ total }] = await ctx.db.select({ total: count() }).from(lv).where(where);
  const rows = await ctx.db
    .select(fields)
    .from(lv)
    .where(where)
    .orderBy(...order)
    .limit(input.perPage)
    .offset(offsetOf(input.page, input.perPage));
  return {
    items: await withCounts(ctx.db, rows),
    meta: pageMeta(input.page, input.perPage, Number(total)),
  };
}

/**
 * The levels a picker offers, in the admin's order (most junior first): the live ones, plus
 * the archived levels `heldBy` holds on a skill, so that user's form still shows them.
 */
export async function levelOptions(db: DbOrTx, heldBy?: number): Promise<LevelRow[]> {
  const held = heldBy
    ? sql`exists (select 1 from ${schema.userSkills} where ${schema.userSkills.userId} = ${heldBy} and ${schema.userSkills.levelId} = ${lv.id})`
    : undefined;
  return db
    .select(fields)
    .from(lv)
    .where(held ? or(isNull(lv.archivedAt), held) : isNull(lv.archivedAt))
    .orderBy(...order)
    .limit(500);
}

/** Whether a level id names a live level (a new choice must not be an archived one). */
export async function isLiveLevel(db: DbOrTx, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: lv.id })
    .from(lv)
    .where(live(lv.id, lv.archivedAt, id));
  return Boolean(row);
}

async function loadLevel(db: DbOrTx, id: number, forUpdate = false): Promise<LevelRow> {
  const q = db
    .select(fields)
    .from(lv)
    .where(live(lv.id, lv.archivedAt, id));
  const [row] = forUpdate ? await q.for("update") : await q;
  if (!row) throw new NotFoundError(LEVEL_MESSAGES.notFound);
  return row;
}

/** GET levels/{id}: a live level with where it is held. */
export async function getLevel(ctx: Ctx, rawId: unknown): Promise<LevelView> {
  requirePermission(ctx, "level_access");
  const row = await loadLevel(ctx.db, parseId(rawId, "Level"));
  return (await withCounts(ctx.db, [row]))[0];
}

const writes = masterListWrites({
  table: lv,
  id: lv.id,
  fields,
  permission: "level_access",
  logName: "levels",
  noun: "level",
  messages: LEVEL_MESSAGES,
  input: levelInput,
  idOf: (raw) => parseId(raw, "Level"),
  load: loadLevel,
  claim: archivableName(
    { table: lv, id: lv.id, name: lv.name, archivedAt: lv.archivedAt },
    "crewdeck.levels.name",
    LEVEL_MESSAGES.duplicate,
  ),
  values: nameAndDescription,
  placed: async (tx) => {
    const [{ top }] = await tx
      .select({ top: max(lv.weight) })
      .from(lv)
      .where(isNull(lv.archivedAt));
    return { weight: Number(top ?? 0) + 1 };
  },
  view: async (db, row) => (await withCounts(db, [row]))[0],
  logged: nameAndDescription,
  remove: archiveWhenUsed<LevelRow>({
    usage: async (tx, row) => levelUsage((await withCounts(tx, [row]))[0]),
    note: (usage) => `held by ${usage.label}`,
    properties: nameAndDescription,
  }),
});

/**
 * POST levels (name, description): a new level goes to the top of the ladder (the last
 * position); an archived level of the same name comes back, at the top as well.
 */
export const createLevel = writes.create;

/** PUT levels/{id} (name, description); the position changes only through saveWeights. */
export const updateLevel = writes.update;

/**
 * DELETE levels/{id}: removed when nothing holds it; archived while workers or rates hold it
 * (they keep their level; pickers no longer offer it). `archived` says which happened.
 */
export const deleteLevel = writes.remove;

/**
 * POST levels/saveWeights (ids): the live levels in their new order, most junior first, each
 * exactly once. Unknown, archived or missing ids: 422 and nothing changes.
 */
export async function saveLevelWeights(
  ctx: Ctx,
  raw: unknown,
): Promise<{ ids: number[]; message: string }> {
  requirePermission(ctx, "level_access");
  const input = parseInput(weightsInput, raw ?? {});
  const ids = await withTx(ctx, async (ctx) => {
    const before = await ctx.db
      .select({ id: lv.id })
      .from(lv)
      .where(isNull(lv.archivedAt))
      .orderBy(...order);
    const saved = await saveWeights(ctx.db, {
      table: lv,
      id: lv.id,
      weight: lv.weight,
      ids: input.ids,
      scope: isNull(lv.archivedAt),
      message: "Some of these levels do not exist.",
    });
    if (saved.length !== before.length)
      throw new ValidationError(LEVEL_MESSAGES.incomplete, { ids: [LEVEL_MESSAGES.incomplete] });
    await logActivity(ctx, {
      logName: "levels",
      description: "Set the order of levels",
      subjectType: "levels",
      properties: { old: before.map((r) => r.id), attributes: saved },
    });
    return saved;
  });
  return { ids, message: WEIGHTS_SAVED };
}
