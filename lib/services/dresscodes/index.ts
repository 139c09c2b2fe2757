import { z } from "zod";
import { isId } from "../params";
import { count, countDistinct, eq, ilike, inArray, sql } from "drizzle-orm";
import { schema, type DbOrTx } from "@/db";
import { requirePermission, type Ctx, withTx } from "../context";
import { NotFoundError } from "../errors";
import { offsetOf, pageInput, pageMeta, type Page } from "../pagination";
import { searchText } from "../params";
import { parseInput } from "../validate";
import { logActivity } from "../activity";
import { escapeLike } from "../like";
import {
  assertNameFree,
  inUseError,
  isForeignKeyViolation,
  mapUniqueViolation,
  nameField,
  optionalText,
  usageOf,
} from "../master-data";

/**
 * Dress codes (master data, spec §2 /dresscodes, §7, §8): a name and a description that
 * jobs and shifts point at. Every verb, reading the list too, needs dresscode_access.
 */
export interface DressCodeView {
  id: number;
  name: string;
  description: string | null;
  /** Jobs that use it, on the job itself or on any of its shifts (archived jobs included). */
  jobs_count?: number;
}

export const DRESS_CODE_MESSAGES = {
  created: "Dress code created successfully",
  edited: "Dress code edited successfully",
  deleted: "Dress code deleted successfully",
  duplicate: "A dress code with this name already exists.",
  notFound: "Dress code not found.",
} as const;

const name = nameField(100);
const description = optionalText(2000);

export const dressCodeInput = z.object({ name, description });
export type DressCodeInput = z.output<typeof dressCodeInput>;

export const dressCodesListInput = pageInput(10).extend({
  filter: z.object({ search: searchText }).default({ search: undefined }),
});

const fields = {
  id: schema.dressCodes.id,
  name: schema.dressCodes.name,
  description: schema.dressCodes.description,
};

/**
 * How many distinct jobs use each dress code, on the job or on one of its shifts. Archived
 * jobs count: their rows still point at the dress code, so it cannot be deleted.
 */
async function jobCounts(db: DbOrTx, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const uses = db
    .select({ jobId: schema.jobs.id, dressCodeId: schema.jobs.dressCodeId })
    .from(schema.jobs)
    .where(inArray(schema.jobs.dressCodeId, ids))
    .union(
      db
        .select({ jobId: schema.shifts.jobId, dressCodeId: schema.shifts.dressCodeId })
        .from(schema.shifts)
        .where(inArray(schema.shifts.dressCodeId, ids)),
    )
    .as("uses");
  const rows = await db
    .select({ dressCodeId: uses.dressCodeId, jobs: countDistinct(uses.jobId) })
    .from(uses)
    .groupBy(uses.dressCodeId);
  return new Map(rows.map((r) => [Number(r.dressCodeId), Number(r.jobs)]));
}

/** GET dresscodes?page=&perPage=&filter[search]=: sorted by name, 10 a page (spec §9). */
export async function listDressCodes(ctx: Ctx, raw: unknown): Promise<Page<DressCodeView>> {
  requirePermission(ctx, "dresscode_access");
  const input = parseInput(dressCodesListInput, raw ?? {});
  const search = input.filter.search;
  const where = search ? ilike(schema.dressCodes.name, `%${escapeLike(search)}%`) : undefined;
  const [{ total }] = await ctx.db.select({ total: count() }).from(schema.dressCodes).where(where);
  const rows = await ctx.db
    .select(fields)
    .from(schema.dressCodes)
    .where(where)
    .orderBy(sql`lower(${schema.dressCodes.name})`, schema.dressCodes.id)
    .limit(input.perPage)
    .offset(offsetOf(input.page, input.perPage));
  const counts = await jobCounts(
    ctx.db,
    rows.map((r) => r.id),
  );
  return {
    items: rows.map((r) => ({ ...r, jobs_count: counts.get(r.id) ?? 0 })),
    meta: pageMeta(input.page, input.perPage, Number(total)),
  };
}

/** A path id that is not a positive integer names no dress code: 404, not 422. */
function parseId(raw: unknown): number {
  if (!isId(raw)) throw new NotFoundError(DRESS_CODE_MESSAGES.notFound);
  return Number(raw);
}

async function loadDressCode(db: DbOrTx, id: number, forUpdate = false) {
  const query = db.select(fields).from(schema.dressCodes).where(eq(schema.dressCodes.id, id));
  const [row] = forUpdate ? await query.for("update") : await query;
  if (!row) throw new NotFoundError(DRESS_CODE_MESSAGES.notFound);
  return row;
}

/** GET dresscodes/{id}. */
export async function getDressCode(ctx: Ctx, rawId: unknown): Promise<DressCodeView> {
  requirePermission(ctx, "dresscode_access");
  const row = await loadDressCode(ctx.db, parseId(rawId));
  const counts = await jobCounts(ctx.db, [row.id]);
  return { ...row, jobs_count: counts.get(row.id) ?? 0 };
}

const nameFree = (tx: DbOrTx, value: string, exceptId?: number) =>
  assertNameFree(tx, {
    table: schema.dressCodes,
    id: schema.dressCodes.id,
    name: schema.dressCodes.name,
    value,
    exceptId,
    lockKey: "crewdeck.dress_codes.name",
    message: DRESS_CODE_MESSAGES.duplicate,
  });

/** POST dresscodes (name, description). */
export async function createDressCode(
  ctx: Ctx,
  raw: unknown,
): Promise<DressCodeView & { message: string }> {
  requirePermission(ctx, "dresscode_access");
  const input = parseInput(dressCodeInput, raw ?? {});
  const row = await mapUniqueViolation(
    () =>
      withTx(ctx, async (ctx) => {
        await nameFree(ctx.db, input.name);
        const [created] = await ctx.db
          .insert(schema.dressCodes)
          .values({
            name: input.name,
            description: input.description,
            createdAt: ctx.now,
            updatedAt: ctx.now,
          })
          .returning(fields);
        await logActivity(ctx, {
          logName: "dresscodes",
          description: `Created dress code "${created.name}"`,
          subjectType: "dresscodes",
          subjectId: created.id,
          properties: { name: created.name },
        });
        return created;
      }),
    DRESS_CODE_MESSAGES.duplicate,
  );
  return { ...row, jobs_count: 0, message: DRESS_CODE_MESSAGES.created };
}

/** PUT dresscodes/{id} (name, description): replaces both. */
export async function updateDressCode(
  ctx: Ctx,
  rawId: unknown,
  raw: unknown,
): Promise<DressCodeView & { message: string }> {
  requirePermission(ctx, "dresscode_access");
  const id = parseId(rawId);
  const input = parseInput(dressCodeInput, raw ?? {});
  const row = await mapUniqueViolation(
    () =>
      withTx(ctx, async (ctx) => {
        const before = await loadDressCode(ctx.db, id, true);
        await nameFree(ctx.db, input.name, id);
        const [updated] = await ctx.db
          .update(schema.dressCodes)
          .set({ name: input.name, description: input.description, updatedAt: ctx.now })
          .where(eq(schema.dressCodes.id, id))
          .returning(fields);
        await logActivity(ctx, {
          logName: "dresscodes",
          description: `Edited dress code "${updated.name}"`,
          subjectType: "dresscodes",
          subjectId: id,
          properties: {
            old: { name: before.name, description: before.description },
            attributes: { name: updated.name, description: updated.description },
          },
        });
        return updated;
      }),
    DRESS_CODE_MESSAGES.duplicate,
  );
  const counts = await jobCounts(ctx.db, [id]);
  return { ...row, jobs_count: counts.get(id) ?? 0, message: DRESS_CODE_MESSAGES.edited };
}

const inUse = (jobs: number) =>
  inUseError(
    "dress code",
    usageOf([[jobs, "job"]]),
    "Choose another dress code on those jobs and shifts first.",
    "dresscode_in_use",
  );

/** DELETE dresscodes/{id}: only while no job or shift uses it (409 otherwise, nothing removed). */
export async function deleteDressCode(
  ctx: Ctx,
  rawId: unknown,
): Promise<{ id: number; message: string }> {
  requirePermission(ctx, "dresscode_access");
  const id = parseId(rawId);
  try {
    await withTx(ctx, async (ctx) => {
      // FOR UPDATE conflicts with the key-share lock a new job or shift row takes on the
      // dress code it points at, so the count below cannot miss one being saved right now.
      const row = await loadDressCode(ctx.db, id, true);
      const jobs = (await jobCounts(ctx.db, [id])).get(id) ?? 0;
      if (jobs > 0) throw inUse(jobs);
      await ctx.db.delete(schema.dressCodes).where(eq(schema.dressCodes.id, id));
      await logActivity(ctx, {
        logName: "dresscodes",
        description: `Deleted dress code "${row.name}"`,
        subjectType: "dresscodes",
        subjectId: id,
        properties: { name: row.name, description: row.description },
      });
    });
  } catch (err) {
    // A reference that appeared anyway (foreign-key violation): answer as for one seen.
    if (isForeignKeyViolation(err)) throw inUse((await jobCounts(ctx.db, [id])).get(id) ?? 1);
    throw err;
  }
  return { id, message: DRESS_CODE_MESSAGES.deleted };
}
