import { cardKey, planCardWrite, workerBandsOf } from "./card-write";
import { applyCardPlan } from "./card-apply";
import { z } from "zod";
import { and, asc, eq, isNull, type SQL } from "drizzle-orm";
import { schema, type DbOrTx, sideBySide } from "@/db";
import { logActivity } from "../activity";
import { withTx, type Ctx, type TxCtx } from "../context";
import { NotFoundError, ValidationError } from "../errors";
import { idSchema, optionalId } from "../params";
import { parseInput } from "../validate";
import { levelOptions } from "../levels";
import { jsonText } from "./client-schemas";
import {
  branchCurrency,
  checkNightWindow,
  clockTime,
  optionalLevelId,
  price,
  RATE_MESSAGES,
  requireLiveLevels,
  requireLiveSkills,
  requireWorkerRateAccess,
  skillsInOrder,
  type CurrencyView,
} from "./shared";

/**
 * Worker rate cards (spec §2 /worker-rates, §7): what a worker earns per hour for a skill at a
 * level in a branch, with weekend and night bands; a row with a user is that worker's custom
 * rate. These verbs work on card rows (job_id NULL, a branch; country_id is the branch's country,
 * written for reports); lookup.ts resolves which row applies to a booking.
 */
export interface WorkerRateView {
  id: number;
  skill_id: number;
  level_id: number | null;
  branch_id: number | null;
  user_id: number | null;
  currency_code: string;
  amount: number;
  weekend_amount: number | null;
  night_amount: number | null;
  night_start: string | null;
  night_end: string | null;
}

const wr = schema.workerRates;
const view = {
  id: wr.id,
  skill_id: wr.skillId,
  level_id: wr.levelId,
  branch_id: wr.branchId,
  user_id: wr.userId,
  currency_code: wr.currencyCode,
  amount: wr.amount,
  weekend_amount: wr.weekendAmount,
  night_amount: wr.nightAmount,
  night_start: wr.nightStart,
  night_end: wr.nightEnd,
};

async function rowsWhere(db: DbOrTx, where: SQL | undefined): Promise<WorkerRateView[]> {
  const rows = await db
    .select(view)
    .from(wr)
    .where(and(isNull(wr.jobId), where))
    .orderBy(asc(wr.skillId), asc(wr.levelId), asc(wr.id))
    .limit(5000);
  return rows.map((r) => ({ ...r, currency_code: r.currency_code.trim() }));
}

const workerBands = z.object({
  amount: price.default(null),
  weekend_amount: price.default(null),
  night_amount: price.default(null),
  night_start: clockTime.default(null),
  night_end: clockTime.default(null),
});
type WorkerBands = z.output<typeof workerBands>;
export const isEmptyWorkerRow = (r: WorkerBands) =>
  r.amount === null && r.weekend_amount === null && r.night_amount === null;

function checkWorkerBands(r: WorkerBands, ctx: z.RefinementCtx) {
  checkNightWindow(
    r,
    { field: "night_amount", price: r.night_amount, rowEmpty: isEmptyWorkerRow(r) },
    ctx,
  );
  if (r.amount === null && !isEmptyWorkerRow(r))
    ctx.addIssue({ code: "custom", path: ["amount"], message: RATE_MESSAGES.standardRequired });
}

export const workerRow = workerBands
  .extend({ skill_id: idSchema, level_id: optionalLevelId })
  .superRefine(checkWorkerBands);
export type WorkerRow = z.output<typeof workerRow>;

export const workerCardQuery = z.object({
  branch_id: idSchema,
  level_id: optionalId,
  user_id: optionalId,
});

export const saveWorkerCardInput = z.object({
  branch_id: idSchema,
  currency_id: idSchema,
  /** Set: the rows are this worker's custom rates at the branch. */
  user_id: optionalId,
  rates: jsonText(z.array(workerRow).max(5000)),
});

export const singleWorkerRateInput = workerBands
  .extend({
    branch_id: idSchema,
    currency_id: optionalId,
    user_id: optionalId,
    skill_id: idSchema,
    level_id: optionalLevelId,
  })
  .superRefine((r, ctx) => {
    checkWorkerBands(r, ctx);
    if (isEmptyWorkerRow(r))
      ctx.addIssue({ code: "custom", path: ["amount"], message: RATE_MESSAGES.standardRequired });
  });

export const skillRatesInput = z.object({ skill_id: idSchema, branch_id: idSchema });

/**
 * GET rates/workers/skills?branch_id=&level_id=&user_id= [can_manage_worker_rates]: the live
 * skills and levels with the branch's card rows (of one level when level_id is given), and the
 * custom rates of `user_id` at that branch.
 */
export async function workerRatesCard(ctx: Ctx, raw: unknown) {
  requireWorkerRateAccess(ctx);
  const q = parseInput(workerCardQuery, raw ?? {});
  const currency = await branchCurrency(ctx.db, q.branch_id);
  const user = q.user_id ? await loadWorker(ctx.db, q.user_id) : null;
  const [skills, levels, rates, custom] = await sideBySide(
    ctx.db,
    () => skillsInOrder(ctx.db),
    () => levelOptions(ctx.db),
    () =>
      rowsWhere(
        ctx.db,
        and(
          eq(wr.branchId, q.branch_id),
          isNull(wr.userId),
          q.level_id ? eq(wr.levelId, q.level_id) : undefined,
        ),
      ),
    () =>
      user
        ? rowsWhere(ctx.db, and(eq(wr.branchId, q.branch_id), eq(wr.userId, user.id)))
        : Promise.resolve([]),
  );
  return {
    branch_id: q.branch_id,
    currency,
    skills,
    levels: levels.map((l) => ({ id: l.id, name: l.name })),
    rates,
    user,
    custom_rates: custom,
  };
}

async function loadWorker(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({ id: schema.users.id, name: schema.users.name, companyId: schema.users.companyId })
    .from(schema.users)
    .where(and(eq(schema.users.id, userId), isNull(schema.users.deletedAt)));
  if (!row || row.companyId !== null) throw new NotFoundError("Worker not found.");
  return { id: row.id, name: row.name };
}

/** 422 unless `currencyId` is the currency of the branch's country. */
function requireBranchCurrency(currency: CurrencyView, currencyId: number | undefined) {
  if (currencyId !== undefined && currencyId !== currency.id)
    throw new ValidationError(RATE_MESSAGES.wrongCurrency, {
      currency_id: [RATE_MESSAGES.wrongCurrency],
    });
}

/** Upserts (or, all empty, deletes) card rows of one branch [and user] under a row lock. */
async function writeWorkerRows(
  ctx: TxCtx,
  scope: { branchId: number; userId: number | null; currency: CurrencyView },
  rows: WorkerRow[],
) {
  await requireLiveSkills(ctx.db, rows);
  await requireLiveLevels(ctx.db, rows);
  const seen = new Set<string>();
  rows.forEach((r, i) => {
    const key = `${r.skill_id}:${r.level_id ?? ""}`;
    if (seen.has(key))
      throw new ValidationError("This skill and level are listed twice.", {
        [`rates.${i}.skill_id`]: ["This skill and level are listed twice."],
      });
    seen.add(key);
  });
  const existing = await ctx.db
    .select({ id: wr.id, skillId: wr.skillId, levelId: wr.levelId })
    .from(wr)
    .where(
      and(
        eq(wr.branchId, scope.branchId),
        scope.userId ? eq(wr.userId, scope.userId) : isNull(wr.userId),
        isNull(wr.jobId),
      ),
    )
    .for("update");
  const [branch] = await ctx.db
    .select({ countryId: schema.branches.countryId })
    .from(schema.branches)
    .where(eq(schema.branches.id, scope.branchId));
  const plan = planCardWrite(
    existing.map((r) => ({ id: r.id, key: cardKey(r.skillId, r.levelId) })),
    rows,
    (r) => cardKey(r.skill_id, r.level_id),
    isEmptyWorkerRow,
  );
  return applyCardPlan(ctx.db, wr, plan, {
    now: ctx.now,
    bands: (r) => ({
      ...workerBandsOf(r),
      currencyCode: scope.currency.code,
      countryId: branch.countryId,
    }),
    keys: (r) => ({
      skillId: r.skill_id,
      levelId: r.level_id,
      branchId: scope.branchId,
      userId: scope.userId,
    }),
  });
}

/**
 * POST worker-rates/save (branch_id, rates, currency_id[, user_id]) [can_manage_worker_rates]:
 * a whole card at once. Rows sent with every amount empty are removed; rows not sent stay.
 */
export async function saveWorkerCard(ctx: Ctx, raw: unknown) {
  requireWorkerRateAccess(ctx);
  const input = parseInput(saveWorkerCardInput, raw ?? {});
  return withTx(ctx, async (ctx) => {
    const currency = await branchCurrency(ctx.db, input.branch_id);
    requireBranchCurrency(currency, input.currency_id);
    const user = input.user_id ? await loadWorker(ctx.db, input.user_id) : null;
    const { saved, removed } = await writeWorkerRows(
      ctx,
      { branchId: input.branch_id, userId: user?.id ?? null, currency },
      input.rates,
    );
    await logActivity(ctx, {
      logName: "rates",
      description: user
        ? `Saved the custom worker rates of ${user.name} (${saved} rates, ${removed} removed)`
        : `Saved the worker rate card (${saved} rates, ${removed} removed)`,
      subjectType: user ? "users" : "branches",
      subjectId: user?.id ?? input.branch_id,
      properties: { branch_id: input.branch_id, attributes: input.rates },
    });
    const rates = await rowsWhere(
      ctx.db,
      and(eq(wr.branchId, input.branch_id), user ? eq(wr.userId, user.id) : isNull(wr.userId)),
    );
    return { rates, currency, message: RATE_MESSAGES.updated };
  });
}

/** POST worker-rates/single: one row (a custom rate when user_id is given). */
export async function saveWorkerRateSingle(ctx: Ctx, raw: unknown) {
  requireWorkerRateAccess(ctx);
  const input = parseInput(singleWorkerRateInput, raw ?? {});
  return withTx(ctx, async (ctx) => {
    const currency = await branchCurrency(ctx.db, input.branch_id);
    requireBranchCurrency(currency, input.currency_id);
    const user = input.user_id ? await loadWorker(ctx.db, input.user_id) : null;
    await writeWorkerRows(ctx, { branchId: input.branch_id, userId: user?.id ?? null, currency }, [
      input,
    ]);
    const [row] = await rowsWhere(
      ctx.db,
      and(
        eq(wr.branchId, input.branch_id),
        user ? eq(wr.userId, user.id) : isNull(wr.userId),
        eq(wr.skillId, input.skill_id),
        input.level_id ? eq(wr.levelId, input.level_id) : isNull(wr.levelId),
      ),
    );
    await logActivity(ctx, {
      logName: "rates",
      description: user ? `Set a custom worker rate of ${user.name}` : "Set a worker rate",
      subjectType: "worker_rates",
      subjectId: row.id,
      properties: { attributes: input },
    });
    return { ...row, message: RATE_MESSAGES.updated };
  });
}

/**
 * POST worker-rates (skill_id, branch_id): the branch's card rows of one skill, one per live
 * level (null where the level has no rate), for the booking dialog. Office users with
 * rate_access or can_manage_worker_rates; never a client contact.
 */
export async function workerRatesForSkill(ctx: Ctx, raw: unknown) {
  requireWorkerRateAccess(ctx, "rate_access");
  const input = parseInput(skillRatesInput, raw ?? {});
  const currency = await branchCurrency(ctx.db, input.branch_id);
  const [levels, rows] = await sideBySide(
    ctx.db,
    () => levelOptions(ctx.db),
    () =>
      rowsWhere(
        ctx.db,
        and(eq(wr.branchId, input.branch_id), eq(wr.skillId, input.skill_id), isNull(wr.userId)),
      ),
  );
  const byLevel = new Map(rows.map((r) => [r.level_id, r]));
  return {
    currency,
    any_level: byLevel.get(null) ?? null,
    levels: levels.map((l) => ({
      level_id: l.id,
      level_name: l.name,
      rate: byLevel.get(l.id) ?? null,
    })),
  };
}
