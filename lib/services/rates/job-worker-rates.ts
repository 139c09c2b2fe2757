import { cardKey, planCardWrite, workerBandsOf } from "./card-write";
import { applyCardPlan } from "./card-apply";
import { z } from "zod";
import { and, asc, eq, inArray, isNull, or } from "drizzle-orm";
import { schema, type DbOrTx } from "@/db";
import { FILLED_STATUSES } from "@/lib/domain/statuses";
import { withTx, type Ctx } from "../context";
import { ValidationError } from "../errors";
import { flag, parseId } from "../params";
import { minorUnitsOf } from "@/lib/domain/money";
import { assertNoPayLosses } from "./losses";
import { parseInput } from "../validate";
import { levelOptions } from "../levels";
import { jsonText } from "./client-schemas";
import {
  JOB_RATE_MESSAGES,
  jobRateHeader,
  jobSkills,
  loadRateJob,
  priceExample,
  type JobRateHeader,
  type JobSkill,
  type PriceExample,
  lockJobForRates,
  logJobRatesSaved,
} from "./job-rates-shared";
import { workerRateKey, workerRatesFor, type WorkerRate } from "./lookup";
import { optionalLevelId, RATE_MESSAGES, requireLiveLevels, requireRateAccess } from "./shared";
import { isEmptyWorkerRow, workerRow } from "./worker-rates";

/**
 * The job's worker rates (issue 13 "On the job") [rate_access; never a client contact]: what
 * the crew earns on this job per skill × level (copied from the worker card at the job's
 * pricing branch when the job was created), and optionally for one booked worker (a job × user
 * row, which beats every other rate for that worker on this job; lookup.ts decides).
 */
export interface JobWorkerRateRow {
  skill_id: number;
  skill_name: string;
  parent_skill_name: string | null;
  level_id: number | null;
  level_name: string | null;
  user_id: number | null;
  user_name: string | null;
  /**
   * Skill × level rows: "job" (the job's own row), "card" (the branch card's, not copied) or
   * null. Worker rows: the source of the rate that applies to that worker now (lookup.ts).
   */
  source: WorkerRate["source"] | null;
  /** True when the job has its own row here (what the grid edits). */
  own: boolean;
  amount: number | null;
  weekend_amount: number | null;
  night_amount: number | null;
  night_start: string | null;
  night_end: string | null;
  /** One position on the skill's first shift at the rate that applies. */
  example: PriceExample | null;
}

export interface JobWorkerRatesView extends JobRateHeader {
  levels: { id: number; name: string }[];
  /** Per skill, the "any level" row then one per live level. */
  rates: JobWorkerRateRow[];
  /** Per booked worker and skill: the job × worker row when there is one. */
  workers: JobWorkerRateRow[];
}

const wr = schema.workerRates;
type WrRow = typeof wr.$inferSelect;

const bandsOf = (r: WrRow | undefined) => ({
  amount: r?.amount ?? null,
  weekend_amount: r?.weekendAmount ?? null,
  night_amount: r?.nightAmount ?? null,
  night_start: r?.nightStart ?? null,
  night_end: r?.nightEnd ?? null,
});

const rateOf = (r: WrRow) => ({
  standard: r.amount,
  weekend: r.weekendAmount,
  night: r.nightAmount,
  nightStart: r.nightStart,
  nightEnd: r.nightEnd,
});

/** The distinct (worker, skill) pairs filling places on the job's live slots. */
async function bookedPairs(db: DbOrTx, jobId: number) {
  return db
    .selectDistinct({
      userId: schema.applications.assigneeId,
      userName: schema.users.name,
      skillId: schema.shiftSlots.skillId,
    })
    .from(schema.applications)
    .innerJoin(schema.shiftSlots, eq(schema.shiftSlots.id, schema.applications.shiftSlotId))
    .innerJoin(schema.shifts, eq(schema.shifts.id, schema.shiftSlots.shiftId))
    .innerJoin(schema.users, eq(schema.users.id, schema.applications.assigneeId))
    .where(
      and(
        eq(schema.shifts.jobId, jobId),
        isNull(schema.shifts.deletedAt),
        isNull(schema.shiftSlots.deletedAt),
        inArray(schema.applications.status, [...FILLED_STATUSES]),
      ),
    )
    .orderBy(asc(schema.users.name), asc(schema.applications.assigneeId));
}

async function workerRatesView(
  db: DbOrTx,
  job: { id: number; name: string },
): Promise<JobWorkerRatesView> {
  const { header, pricing } = await jobRateHeader(db, job, wr);
  const skills = await jobSkills(db, job.id);
  const levels = (await levelOptions(db)).map((l) => ({ id: l.id, name: l.name }));
  const skillIds = skills.map((s) => s.skill_id);
  const rows = skillIds.length
    ? await db
        .select()
        .from(wr)
        .where(
          and(
            inArray(wr.skillId, skillIds),
            or(
              eq(wr.jobId, job.id),
              pricing.branchId
                ? and(isNull(wr.jobId), isNull(wr.userId), eq(wr.branchId, pricing.branchId))
                : undefined,
            ),
          ),
        )
    : [];
  const key = (skillId: number, levelId: number | null, userId: number | null) =>
    `${skillId}:${levelId ?? ""}:${userId ?? ""}`;
  const own = new Map(
    rows.filter((r) => r.jobId !== null).map((r) => [key(r.skillId, r.levelId, r.userId), r]),
  );
  const card = new Map(
    rows.filter((r) => r.jobId === null).map((r) => [key(r.skillId, r.levelId, null), r]),
  );
  const bySkill = new Map(skills.map((s) => [s.skill_id, s]));
  const example = (skill: JobSkill, r: WrRow | undefined) =>
    r ? priceExample(pricing, skill.first_shift, rateOf(r)) : null;

  const rates: JobWorkerRateRow[] = skills.flatMap((skill) =>
    [null, ...levels].map((level) => {
      const k = key(skill.skill_id, level?.id ?? null, null);
      const mine = own.get(k);
      const applies = mine ?? card.get(k);
      return {
        skill_id: skill.skill_id,
        skill_name: skill.skill_name,
        parent_skill_name: skill.parent_skill_name,
        level_id: level?.id ?? null,
        level_name: level?.name ?? null,
        user_id: null,
        user_name: null,
        source: mine ? "job" : applies ? "card" : null,
        own: Boolean(mine),
        ...bandsOf(applies),
        example: example(skill, applies),
      };
    }),
  );

  const pairs = (await bookedPairs(db, job.id)).filter((p) => bySkill.has(p.skillId));
  const applying = pairs.length
    ? await workerRatesFor(db, { jobId: job.id, branchIds: pricing.branchIds, pairs })
    : new Map<string, WorkerRate>();
  const workers: JobWorkerRateRow[] = pairs.map((p) => {
    const skill = bySkill.get(p.skillId)!;
    const mine = own.get(key(p.skillId, null, p.userId));
    const now = applying.get(workerRateKey(p.userId, p.skillId));
    return {
      skill_id: p.skillId,
      skill_name: skill.skill_name,
      parent_skill_name: skill.parent_skill_name,
      level_id: null,
      level_name: null,
      user_id: p.userId,
      user_name: p.userName,
      source: now?.source ?? null,
      own: Boolean(mine),
      ...bandsOf(mine),
      example: now ? priceExample(pricing, skill.first_shift, now) : null,
    };
  });
  return { ...header, levels, rates, workers };
}

/** GET jobs/{id}/worker-rates. */
export async function getJobWorkerRates(ctx: Ctx, rawId: unknown): Promise<JobWorkerRatesView> {
  requireRateAccess(ctx);
  const job = await loadRateJob(ctx.db, parseId(rawId, "Job"));
  return workerRatesView(ctx.db, job);
}

const jobWorkerRow = workerRow.and(z.object({ user_id: optionalLevelId }));

export const saveJobWorkerRatesInput = z.object({
  rates: jsonText(
    z
      .array(jobWorkerRow)
      .max(5000)
      .superRefine((rows, c) => {
        const seen = new Set<string>();
        rows.forEach((r, i) => {
          const k = `${r.skill_id}:${r.level_id ?? ""}:${r.user_id ?? ""}`;
          if (seen.has(k))
            c.addIssue({
              code: "custom",
              path: [i, "skill_id"],
              message: JOB_RATE_MESSAGES.listedTwice,
            });
          seen.add(k);
          if (r.user_id !== null && r.level_id !== null)
            c.addIssue({
              code: "custom",
              path: [i, "level_id"],
              message: "A worker's own rate on a job has no level.",
            });
        });
      }),
  ),
  /** Saves pay above the client's price (410 `rate_loses_money` otherwise). */
  save_anyway: flag,
});

/**
 * POST jobs/{id}/save-worker-rates: the job's worker rates in one transaction; rows per skill ×
 * level (level_id null = any level) and per booked worker (user_id). A row sent with every
 * amount empty removes the job's row; rows not sent stay.
 */
export async function saveJobWorkerRates(
  ctx: Ctx,
  rawJobId: unknown,
  raw: unknown,
): Promise<JobWorkerRatesView & { message: string }> {
  requireRateAccess(ctx);
  const jobId = parseId(rawJobId, "Job");
  const { rates, save_anyway } = parseInput(saveJobWorkerRatesInput, raw ?? {});
  return withTx(ctx, async (ctx) => {
    const { job, pricing, branchId } = await lockJobForRates(ctx, jobId, rates);
    await requireLiveLevels(ctx.db, rates);
    const userIds = [...new Set(rates.flatMap((r) => (r.user_id === null ? [] : [r.user_id])))];
    if (userIds.length) {
      const placed = await ctx.db
        .selectDistinct({ userId: schema.applications.assigneeId })
        .from(schema.applications)
        .innerJoin(schema.shifts, eq(schema.shifts.id, schema.applications.shiftId))
        .where(
          and(eq(schema.shifts.jobId, job.id), inArray(schema.applications.assigneeId, userIds)),
        );
      const on = new Set(placed.map((p) => p.userId));
      const errors: Record<string, string[]> = {};
      rates.forEach((r, i) => {
        if (r.user_id !== null && !on.has(r.user_id))
          errors[`rates.${i}.user_id`] = [JOB_RATE_MESSAGES.workerNotOnJob];
      });
      if (Object.keys(errors).length)
        throw new ValidationError(JOB_RATE_MESSAGES.workerNotOnJob, errors);
    }
    const existing = await ctx.db
      .select({
        id: wr.id,
        skillId: wr.skillId,
        levelId: wr.levelId,
        userId: wr.userId,
        amount: wr.amount,
        weekend_amount: wr.weekendAmount,
        night_amount: wr.nightAmount,
      })
      .from(wr)
      .where(eq(wr.jobId, job.id))
      .for("update");
    const stored = new Map(existing.map((r) => [cardKey(r.skillId, r.levelId, r.userId), r]));
    await assertNoPayLosses(
      ctx.db,
      { id: job.id, companyId: pricing.companyId, branchId },
      rates,
      (r) => stored.get(cardKey(r.skill_id, r.level_id, r.user_id)),
      minorUnitsOf(pricing.currencyCode),
      save_anyway,
    );
    const [branch] = await ctx.db
      .select({ countryId: schema.branches.countryId })
      .from(schema.branches)
      .where(eq(schema.branches.id, branchId));
    const plan = planCardWrite(
      existing.map((r) => ({ id: r.id, key: cardKey(r.skillId, r.levelId, r.userId) })),
      rates,
      (r) => cardKey(r.skill_id, r.level_id, r.user_id),
      isEmptyWorkerRow,
    );
    const counts = await applyCardPlan(ctx.db, wr, plan, {
      now: ctx.now,
      bands: (r) => ({ ...workerBandsOf(r), currencyCode: pricing.currencyCode }),
      keys: (r) => ({
        skillId: r.skill_id,
        levelId: r.level_id,
        userId: r.user_id,
        jobId: job.id,
        branchId,
        countryId: branch?.countryId ?? null,
      }),
    });
    await logJobRatesSaved(ctx, job, "worker", counts, rates);
    return { ...(await workerRatesView(ctx.db, job)), message: RATE_MESSAGES.updated };
  });
}
