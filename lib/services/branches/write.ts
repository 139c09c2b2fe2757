import { eq } from "drizzle-orm";
import { schema, type DbOrTx } from "@/db";
import { holidayRegionOf, holidayRegions } from "@/lib/domain/holidays";
import { requirePermission, type Ctx, type TxCtx, withTx } from "../context";
import { ConflictError, ValidationError } from "../errors";
import { parseInput } from "../validate";
import { logActivity } from "../activity";
import {
  assertNameFree,
  isForeignKeyViolation,
  mapUniqueViolation,
  type Usage,
} from "../master-data";
import { branchUsage } from "./usage";
import {
  b,
  BRANCH_MESSAGES,
  loadBranch,
  parseId,
  regionNotOfCountry,
  toViews,
  type BranchInput,
  type BranchRow,
  type BranchView,
  branchInput,
} from "./read";

// Branches: create, edit, restore and delete (the rules are in ./index.ts).

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
