import { done } from "@/lib/domain/done";
import { z } from "zod";
import { LABEL_MAX, NAME_MAX, SHORT_TEXT_MAX } from "@/lib/domain/text-limits";
import { and, asc, count, eq, ilike, isNotNull, isNull, or, sql } from "drizzle-orm";
import { schema, type DbOrTx } from "@/db";
import { holidayRegionOf, holidayRegions } from "@/lib/domain/holidays";
import { requirePermission, type Ctx, type TxCtx, withTx } from "../context";
import { ConflictError, NotFoundError, ValidationError } from "../errors";
import { offsetOf, pageInput, pageMeta, type Page } from "../pagination";
import { idSchema, isId, optionalId, searchText, strictFlag } from "../params";
import { parseInput } from "../validate";
import { logActivity } from "../activity";
import { escapeLike } from "../like";
import {
  assertNameFree,
  isForeignKeyViolation,
  mapUniqueViolation,
  nameField,
  optionalText,
  usageOf,
  type Usage,
} from "../master-data";
import { branchUsage } from "./usage";

/**
 * Branches (master data, spec §2 /branches, §5, §7, §8): the agency's offices. Workers belong
 * to branches, jobs book from them, companies have a default one. Every verb here needs
 * branch_access; the pickers' lists are `listBranches` and `preferredBranches` (reference),
 * which leave archived branches out.
 *
 * Deleting a branch that is used archives it (deleted_at): it leaves every picker and the
 * default list, and the jobs, people and companies that name it keep it. An unused branch is
 * removed. Names are unique regardless of case, archived branches included (the unique
 * index does not know about archiving, and a second "Copenhagen" would confuse history), so
 * an archived branch is brought back with `restoreBranch`, not created again.
 *
 * A branch names the region whose public holidays price its work (issue 21, `holiday_region`,
 * date-holidays' state code such as "GB-ENG"; null: the country's national holidays only). It
 * must be a region date-holidays knows for the branch's country, so changing the country means
 * choosing the region again; PUT replaces it like every other field.
 */
export interface BranchView {
  id: number;
  name: string;
  country_id: number;
  country_name: string;
  city: string | null;
  address: string | null;
  /** The region whose public holidays price its work ("GB-ENG"); null: national only. */
  holiday_region: string | null;
  /** The region as date-holidays names it ("England"); null with none. */
  holiday_region_name: string | null;
  /** When it was archived (ISO 8601); null while in use. */
  archived_at: string | null;
  used_by: Usage;
}

export const BRANCH_MESSAGES = {
  created: (name: string) => done("Branch", name, "created"),
  edited: (name: string) => done("Branch", name, "edited"),
  deleted: (name: string) => done("Branch", name, "deleted"),
  archived: (name: string) => done("Branch", name, "archived"),
  /** Spec §5: the text of a duplicate name, on create and on edit (422 on name). */
  duplicate: "Another branch with this name already exists",
  notFound: "Branch not found.",
  alreadyArchived: "This branch is already archived.",
  restored: (name: string) => done("Branch", name, "restored"),
  notArchived: "This branch is not archived.",
  unknownCountry: "The selected country does not exist.",
  notOperational: "The selected country is not operational.",
  noRegions: "date-holidays knows no regions for this country: choose national holidays only.",
} as const;

/** The 422 text of a region the branch's country does not have, naming those it has. */
export const regionNotOfCountry = (country: string, codes: string[]) =>
  codes.length
    ? `Choose a holiday region of ${country} (${codes.join(", ")}), or national holidays only.`
    : BRANCH_MESSAGES.noRegions;

export const branchInput = z.object({
  name: nameField(LABEL_MAX),
  country_id: z.preprocess(
    (v) => (v === "" || v === null ? undefined : v),
    z.custom<unknown>((v) => v !== undefined, "The country field is required.").pipe(idSchema),
  ),
  city: optionalText(NAME_MAX, "city"),
  address: optionalText(SHORT_TEXT_MAX, "address"),
  /** Upper-cased; blank or absent: national holidays only. */
  holiday_region: z.preprocess(
    (v) => (typeof v === "string" ? v.trim().toUpperCase() || null : (v ?? null)),
    z
      .string({ error: "The holiday region must be a string." })
      .max(10, "The holiday region may be at most 10 characters.")
      .nullable(),
  ),
});
export type BranchInput = z.output<typeof branchInput>;

export const branchesListInput = pageInput(10).extend({
  filter: z
    .object({ search: searchText, country_id: optionalId, archived: strictFlag })
    .default({ search: undefined, country_id: undefined, archived: undefined }),
});

const b = schema.branches;
const fields = {
  id: b.id,
  name: b.name,
  country_id: b.countryId,
  country_name: schema.countries.name,
  city: b.city,
  address: b.address,
  holiday_region: b.holidayRegion,
  countryIso: schema.countries.isoCode,
  archivedAt: b.deletedAt,
};
type BranchRow = Omit<BranchView, "archived_at" | "used_by" | "holiday_region_name"> & {
  archivedAt: Date | null;
  countryIso: string;
};

const selectBranches = (db: DbOrTx) =>
  db.select(fields).from(b).innerJoin(schema.countries, eq(schema.countries.id, b.countryId));

async function toViews(db: DbOrTx, rows: BranchRow[]): Promise<BranchView[]> {
  const usage = await branchUsage(
    db,
    rows.map((r) => r.id),
  );
  return rows.map(({ archivedAt, countryIso, ...r }) => ({
    ...r,
    holiday_region_name: r.holiday_region
      ? (holidayRegionOf(countryIso, r.holiday_region)?.name ?? null)
      : null,
    archived_at: archivedAt ? archivedAt.toISOString() : null,
    used_by: usage.get(r.id) ?? usageOf([]),
  }));
}

/**
 * The /branches screen's list: by name, 10 a page; filter[search] (name or city),
 * filter[country_id], filter[archived]=1 for the archived ones instead of the live ones.
 */
export async function listBranchesPage(ctx: Ctx, raw: unknown): Promise<Page<BranchView>> {
  requirePermission(ctx, "branch_access");
  const input = parseInput(branchesListInput, raw ?? {});
  const { search, country_id, archived } = input.filter;
  const like = search ? `%${escapeLike(search)}%` : undefined;
  const where = and(
    archived ? isNotNull(b.deletedAt) : isNull(b.deletedAt),
    like ? or(ilike(b.name, like), ilike(b.city, like)) : undefined,
    country_id ? eq(b.countryId, country_id) : undefined,
  );
  const [{ total }] = await ctx.db.select({ total: count() }).from(b).where(where);
  const rows = await selectBranches(ctx.db)
    .where(where)
    .orderBy(sql`lower(${b.name})`, asc(b.id))
    .limit(input.perPage)
    .offset(offsetOf(input.page, input.perPage));
  return {
    items: await toViews(ctx.db, rows),
    meta: pageMeta(input.page, input.perPage, Number(total)),
  };
}

/** A path id that is not a positive integer names no branch: 404, not 422. */
function parseId(raw: unknown): number {
  if (!isId(raw)) throw new NotFoundError(BRANCH_MESSAGES.notFound);
  return Number(raw);
}

async function loadBranch(db: DbOrTx, id: number, forUpdate = false): Promise<BranchRow> {
  const query = selectBranches(db).where(eq(b.id, id));
  const [row] = forUpdate ? await query.for("update", { of: b }) : await query;
  if (!row) throw new NotFoundError(BRANCH_MESSAGES.notFound);
  return row;
}

/** GET branches/{id}: one branch, archived or not, with where it is used. */
export async function getBranch(ctx: Ctx, rawId: unknown): Promise<BranchView> {
  requirePermission(ctx, "branch_access");
  const [view] = await toViews(ctx.db, [await loadBranch(ctx.db, parseId(rawId))]);
  return view;
}

/**
 * Inside the write's transaction: the name is free (any case, under a lock) and the country
 * exists and is operational (a branch may keep the country it already has).
 */
async function assertWritable(db: DbOrTx, input: BranchInput, before?: BranchRow) {
  const errors: Record<string, string[]> = {};
  try {
    await assertNameFree(db, {
      table: b,
      id: b.id,
      name: b.name,
      value: input.name,
      exceptId: before?.id,
      lockKey: "crewdeck.branches.name",
      message: BRANCH_MESSAGES.duplicate,
    });
  } catch (err) {
    if (!(err instanceof ValidationError)) throw err;
    errors.name = [BRANCH_MESSAGES.duplicate];
  }
  const [country] = await db
    .select({
      name: schema.countries.name,
      iso: schema.countries.isoCode,
      operational: schema.countries.operational,
    })
    .from(schema.countries)
    .where(eq(schema.countries.id, input.country_id));
  if (!country) errors.country_id = [BRANCH_MESSAGES.unknownCountry];
  else if (!country.operational && before?.country_id !== input.country_id)
    errors.country_id = [BRANCH_MESSAGES.notOperational];
  if (country && input.holiday_region && !holidayRegionOf(country.iso, input.holiday_region))
    errors.holiday_region = [
      regionNotOfCountry(
        country.name,
        holidayRegions(country.iso).map((r) => r.code),
      ),
    ];
  const first = Object.values(errors)[0]?.[0];
  if (first) throw new ValidationError(first, errors);
}

const plain = (r: BranchRow) => ({
  name: r.name,
  country_id: r.country_id,
  city: r.city,
  address: r.address,
  holiday_region: r.holiday_region,
});

const nameRace = <T>(run: () => Promise<T>) => mapUniqueViolation(run, BRANCH_MESSAGES.duplicate);

/** POST branches (name, country_id, city, address). */
export async function createBranch(
  ctx: Ctx,
  raw: unknown,
): Promise<BranchView & { message: string }> {
  requirePermission(ctx, "branch_access");
  const input = parseInput(branchInput, raw ?? {});
  const row = await nameRace(() =>
    withTx(ctx, async (ctx) => {
      await assertWritable(ctx.db, input);
      const [{ id }] = await ctx.db
        .insert(b)
        .values({
          name: input.name,
          countryId: input.country_id,
          city: input.city,
          address: input.address,
          holidayRegion: input.holiday_region,
          createdAt: ctx.now,
          updatedAt: ctx.now,
        })
        .returning({ id: b.id });
      const created = await loadBranch(ctx.db, id);
      await logActivity(ctx, {
        logName: "branches",
        description: `Created branch "${created.name}"`,
        subjectType: "branches",
        subjectId: id,
        properties: { attributes: plain(created) },
      });
      return created;
    }),
  );
  const [view] = await toViews(ctx.db, [row]);
  return { ...view, message: BRANCH_MESSAGES.created(view.name) };
}

/** PUT branches/{id}: replaces every field (an archived branch can be renamed too). */
export async function updateBranch(
  ctx: Ctx,
  rawId: unknown,
  raw: unknown,
): Promise<BranchView & { message: string }> {
  requirePermission(ctx, "branch_access");
  const id = parseId(rawId);
  const input = parseInput(branchInput, raw ?? {});
  const row = await nameRace(() =>
    withTx(ctx, async (ctx) => {
      const before = await loadBranch(ctx.db, id, true);
      await assertWritable(ctx.db, input, before);
      await ctx.db
        .update(b)
        .set({
          name: input.name,
          countryId: input.country_id,
          city: input.city,
          address: input.address,
          holidayRegion: input.holiday_region,
          updatedAt: ctx.now,
        })
        .where(eq(b.id, id));
      const updated = await loadBranch(ctx.db, id);
      await logActivity(ctx, {
        logName: "branches",
        description: `Edited branch "${updated.name}"`,
        subjectType: "branches",
        subjectId: id,
        properties: { old: plain(before), attributes: plain(updated) },
      });
      return updated;
    }),
  );
  const [view] = await toViews(ctx.db, [row]);
  return { ...view, message: BRANCH_MESSAGES.edited(view.name) };
}

/**
 * POST branches/{id}/restore: an archived branch comes back to the list and every picker,
 * with its name, country and history (its name is still its own).
 */
export async function restoreBranch(
  ctx: Ctx,
  rawId: unknown,
): Promise<BranchView & { message: string }> {
  requirePermission(ctx, "branch_access");
  const id = parseId(rawId);
  const row = await withTx(ctx, async (ctx) => {
    const before = await loadBranch(ctx.db, id, true);
    if (!before.archivedAt)
      throw new ConflictError(BRANCH_MESSAGES.notArchived, "branch_not_archived");
    await ctx.db.update(b).set({ deletedAt: null, updatedAt: ctx.now }).where(eq(b.id, id));
    await logActivity(ctx, {
      logName: "branches",
      description: `Restored branch "${before.name}"`,
      subjectType: "branches",
      subjectId: id,
      properties: { attributes: plain(before) },
    });
    return loadBranch(ctx.db, id);
  });
  const [view] = await toViews(ctx.db, [row]);
  return { ...view, message: BRANCH_MESSAGES.restored(view.name) };
}

/** Archives a branch in use (inside the caller's transaction, the row locked). */
async function archive(ctx: TxCtx, row: BranchRow, usage: Usage) {
  await ctx.db.update(b).set({ deletedAt: ctx.now, updatedAt: ctx.now }).where(eq(b.id, row.id));
  await logActivity(ctx, {
    logName: "branches",
    description: `Archived branch "${row.name}" (used by ${usage.label})`,
    subjectType: "branches",
    subjectId: row.id,
    properties: { old: plain(row), usedBy: usage.label },
  });
}

/**
 * DELETE branches/{id}: removes an unused branch; archives one that jobs, users or companies
 * use (or that rates point at), answering `archived: true` and where it is used.
 */
export async function deleteBranch(
  ctx: Ctx,
  rawId: unknown,
): Promise<{ id: number; archived: boolean; used_by: Usage; message: string }> {
  requirePermission(ctx, "branch_access");
  const id = parseId(rawId);
  const remove = () =>
    withTx(ctx, async (ctx) => {
      // FOR UPDATE conflicts with the key-share lock a row being inserted takes on the
      // branch it points at, so the counts below cannot miss one being saved right now.
      const row = await loadBranch(ctx.db, id, true);
      if (row.archivedAt)
        throw new ConflictError(BRANCH_MESSAGES.alreadyArchived, "branch_archived");
      const usage = (await branchUsage(ctx.db, [id])).get(id)!;
      if (usage.count > 0) {
        await archive(ctx, row, usage);
        return { archived: true, used_by: usage, name: row.name };
      }
      await ctx.db.delete(b).where(eq(b.id, id));
      await logActivity(ctx, {
        logName: "branches",
        description: `Deleted branch "${row.name}"`,
        subjectType: "branches",
        subjectId: id,
        properties: { old: plain(row) },
      });
      return { archived: false, used_by: usage, name: row.name };
    });
  let result: { archived: boolean; used_by: Usage; name: string };
  try {
    result = await remove();
  } catch (err) {
    if (!isForeignKeyViolation(err)) throw err;
    // Something the counts do not cover (rates, salary data) points at it: archive instead.
    result = await withTx(ctx, async (ctx) => {
      const row = await loadBranch(ctx.db, id, true);
      const usage = { count: 1, label: "rates or pay records" };
      if (!row.archivedAt) await archive(ctx, row, usage);
      return { archived: true, used_by: usage, name: row.name };
    });
  }
  const { name, ...outcome } = result;
  return {
    id,
    ...outcome,
    message: (outcome.archived ? BRANCH_MESSAGES.archived : BRANCH_MESSAGES.deleted)(name),
  };
}
