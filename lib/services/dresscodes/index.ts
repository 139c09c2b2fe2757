import { z } from "zod";
import { COMMENT_MAX, LABEL_MAX } from "@/lib/domain/text-limits";
import { isId } from "../params";
import { count, countDistinct, eq, ilike, inArray, sql } from "drizzle-orm";
import { schema, type DbOrTx } from "@/db";
import { requirePermission, type Ctx } from "../context";
import { NotFoundError } from "../errors";
import { offsetOf, pageInput, pageMeta, type Page } from "../pagination";
import { searchText } from "../params";
import { parseInput } from "../validate";
import { escapeLike } from "../like";
import { inUseError, nameField, optionalText, usageOf } from "../master-data";
import {
  masterListWrites,
  nameAndDescription,
  refuseWhenUsed,
  uniqueName,
} from "../master-data/writes";

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
  duplicate: "A dress code with this name already exists.",
  notFound: "Dress code not found.",
} as const;

const name = nameField(LABEL_MAX);
const description = optionalText(COMMENT_MAX);

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

type DressCodeRow = { id: number; name: string; description: string | null };

async function loadDressCode(db: DbOrTx, id: number, forUpdate = false): Promise<DressCodeRow> {
  const query = db.select(fields).from(schema.dressCodes).where(eq(schema.dressCodes.id, id));
  const [row] = forUpdate ? await query.for("update") : await query;
  if (!row) throw new NotFoundError(DRESS_CODE_MESSAGES.notFound);
  return row;
}

const withJobsCount = async (db: DbOrTx, row: DressCodeRow): Promise<DressCodeView> => ({
  ...row,
  jobs_count: (await jobCounts(db, [row.id])).get(row.id) ?? 0,
});

/** GET dresscodes/{id}. */
export async function getDressCode(ctx: Ctx, rawId: unknown): Promise<DressCodeView> {
  requirePermission(ctx, "dresscode_access");
  return withJobsCount(ctx.db, await loadDressCode(ctx.db, parseId(rawId)));
}

const dc = schema.dressCodes;
const writes = masterListWrites({
  table: dc,
  id: dc.id,
  fields,
  permission: "dresscode_access",
  logName: "dresscodes",
  noun: "dress code",
  messages: DRESS_CODE_MESSAGES,
  input: dressCodeInput,
  idOf: parseId,
  load: loadDressCode,
  claim: uniqueName(
    { table: dc, id: dc.id, name: dc.name },
    "crewdeck.dress_codes.name",
    DRESS_CODE_MESSAGES.duplicate,
  ),
  values: nameAndDescription,
  view: withJobsCount,
  logged: nameAndDescription,
  createdLog: (view) => ({ name: view.name }),
  remove: refuseWhenUsed<DressCodeRow>({
    count: async (db, id) => (await jobCounts(db, [id])).get(id) ?? 0,
    inUse: (jobs) =>
      inUseError(
        "dress code",
        usageOf([[jobs, "job"]]),
        "Choose another dress code on those jobs and shifts first.",
        "dresscode_in_use",
      ),
    properties: nameAndDescription,
  }),
});

/** POST dresscodes (name, description). */
export const createDressCode = writes.create;

/** PUT dresscodes/{id} (name, description): replaces both. */
export const updateDressCode = writes.update;

/** DELETE dresscodes/{id}: only while no job or shift uses it (409 otherwise, nothing removed). */
export const deleteDressCode = writes.remove;
