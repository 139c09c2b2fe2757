import { cardKey, clientBandsOf, planCardWrite } from "./card-write";
import { applyCardPlan } from "./card-apply";
import { z } from "zod";
import { and, eq, isNull } from "drizzle-orm";
import { schema, type DbOrTx } from "@/db";
import { withTx, type Ctx } from "../context";
import { flag, parseId } from "../params";
import { parseInput } from "../validate";
import { minorUnitsOf } from "@/lib/domain/money";
import { assertNoRateLosses, storedPrices } from "./losses";
import { clientRateRow, isEmptyClientRow, jsonText } from "./client-schemas";
import {
  JOB_RATE_MESSAGES,
  jobRateHeader,
  jobSkills,
  loadRateJob,
  priceExample,
  type JobRateHeader,
  type PriceExample,
  lockJobForRates,
  logJobRatesSaved,
} from "./job-rates-shared";
import { clientRatesFor, type ClientRate } from "./lookup";
import { RATE_MESSAGES, requireRateAccess } from "./shared";

export * from "./job-worker-rates";
export { JOB_RATE_MESSAGES } from "./job-rates-shared";
export type { JobRateHeader, PriceExample } from "./job-rates-shared";

/**
 * The job's client rates (issue 13 "On the job", spec §7 Jobs rate calls) [rate_access; never a
 * client contact]: the prices this job is sold at, copied from the client's card when the job
 * was created (job-copy.ts) and editable here without touching the card. Each skill of the
 * job's live slots shows the rate that applies (the job's own row, else the card's) and what
 * one position on the first shift with that skill comes to.
 */
export interface JobClientRateRow {
  skill_id: number;
  skill_name: string;
  parent_skill_id: number | null;
  parent_skill_name: string | null;
  /** Which row applies: the job's own, the card's, or the parent skill's; null: no rate. */
  source: ClientRate["source"] | null;
  standard_price: number | null;
  weekend_price: number | null;
  night_price: number | null;
  night_start: string | null;
  night_end: string | null;
  rate_worker: number | null;
  example: PriceExample | null;
}

export interface JobClientRatesView extends JobRateHeader {
  rates: JobClientRateRow[];
}

async function clientRatesView(
  db: DbOrTx,
  job: { id: number; name: string },
): Promise<JobClientRatesView> {
  const { header, pricing } = await jobRateHeader(db, job, schema.clientRates);
  const skills = await jobSkills(db, job.id);
  const rates =
    pricing.branchId && skills.length
      ? await clientRatesFor(db, {
          companyId: pricing.companyId,
          branchId: pricing.branchId,
          jobId: job.id,
          skillIds: skills.map((s) => s.skill_id),
        })
      : new Map<number, ClientRate>();
  return {
    ...header,
    rates: skills.map(({ first_shift, ...skill }) => {
      const r = rates.get(skill.skill_id);
      return {
        ...skill,
        source: r?.source ?? null,
        standard_price: r?.standard ?? null,
        weekend_price: r?.weekend ?? null,
        night_price: r?.night ?? null,
        night_start: r?.nightStart ?? null,
        night_end: r?.nightEnd ?? null,
        rate_worker: r?.rateWorker ?? null,
        example: r ? priceExample(pricing, first_shift, r) : null,
      };
    }),
  };
}

/** GET jobs/{id}/client-rates. */
export async function getJobClientRates(ctx: Ctx, rawId: unknown): Promise<JobClientRatesView> {
  requireRateAccess(ctx);
  const job = await loadRateJob(ctx.db, parseId(rawId, "Job"));
  return clientRatesView(ctx.db, job);
}

/** The job's client card: a row per skill (job rows price a skill, not a level). */
export const saveJobClientRatesInput = z.object({
  rates: jsonText(
    z
      .array(clientRateRow)
      .max(500)
      .superRefine((rows, c) => {
        const seen = new Set<number>();
        rows.forEach((r, i) => {
          if (r.level_id !== null)
            c.addIssue({
              code: "custom",
              path: [i, "level_id"],
              message: JOB_RATE_MESSAGES.jobPricesPerSkill,
            });
          if (seen.has(r.skill_id))
            c.addIssue({
              code: "custom",
              path: [i, "skill_id"],
              message: JOB_RATE_MESSAGES.listedTwice,
            });
          seen.add(r.skill_id);
        });
      }),
  ),
  /** Saves rates that lose money (410 `rate_loses_money` otherwise). */
  save_anyway: flag,
});

/**
 * POST jobs/{jobId}/save-rates: the whole job client card in one transaction. A row sent with
 * every price empty removes the job's row (the card's rate applies again); rows not sent stay.
 * Locks the job, then its rows, and decides on what it re-reads.
 */
export async function saveJobClientRates(
  ctx: Ctx,
  rawJobId: unknown,
  raw: unknown,
): Promise<JobClientRatesView & { message: string }> {
  requireRateAccess(ctx);
  const jobId = parseId(rawJobId, "Job");
  const { rates, save_anyway } = parseInput(saveJobClientRatesInput, raw ?? {});
  return withTx(ctx, async (ctx) => {
    const { job, pricing, branchId } = await lockJobForRates(ctx, jobId, rates);
    const cr = schema.clientRates;
    const existing = await ctx.db
      .select({
        id: cr.id,
        skillId: cr.skillId,
        standardPrice: cr.standardPrice,
        weekendPrice: cr.weekendPrice,
        nightPrice: cr.nightPrice,
        rateWorker: cr.rateWorker,
      })
      .from(cr)
      .where(and(eq(cr.jobId, job.id), isNull(cr.levelId)))
      .for("update");
    // A row the job copied from the card is stored; one sent as the card's shows it unchanged.
    const stored = new Map(existing.map((r) => [r.skillId, storedPrices(r)]));
    await assertNoRateLosses(
      ctx.db,
      rates,
      (r) => stored.get(r.skill_id),
      minorUnitsOf(pricing.currencyCode),
      save_anyway,
    );
    const plan = planCardWrite(
      existing.map((r) => ({ id: r.id, key: cardKey(r.skillId, null) })),
      rates,
      (r) => cardKey(r.skill_id, null),
      isEmptyClientRow,
    );
    const counts = await applyCardPlan(ctx.db, cr, plan, {
      now: ctx.now,
      bands: (r) => ({ ...clientBandsOf(r), currencyCode: pricing.currencyCode }),
      keys: (r) => ({
        companyId: pricing.companyId,
        branchId,
        skillId: r.skill_id,
        levelId: null,
        jobId: job.id,
      }),
    });
    await logJobRatesSaved(ctx, job, "client", counts, rates);
    return { ...(await clientRatesView(ctx.db, job)), message: RATE_MESSAGES.updated };
  });
}
