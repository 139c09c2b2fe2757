import { and, asc, eq, isNull, min } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { schema, type DbOrTx } from "@/db";
import { minorUnitsOf } from "@/lib/domain/money";
import { describeSplit, priceShift, type Band, type RateBands } from "@/lib/domain/pricing";
import { isoInZone } from "@/lib/domain/time";
import { logActivity } from "../activity";
import type { TxCtx } from "../context";
import { withCalendar, type PricedJob } from "../holidays/calendar";
import { ConflictError, NotFoundError, ValidationError } from "../errors";
import { jobPricing, type JobPricing } from "./job-pricing";

/**
 * What the job's two rate tabs share: the job (live, else 404; a write locks it and refuses an
 * archived job with 409), what prices it (job-pricing.ts), the skills of its live slots in the
 * admin's skill order with the first shift of each, and a price example for a shift.
 */
export const JOB_RATE_MESSAGES = {
  jobNotFound: "Job not found.",
  archived: "This job is archived, so its rates can no longer be changed.",
  noBranch:
    "This job has no branch to price it at. Give the client a default branch, or the job a branch to book from.",
  skillNotOnJob: "This skill is not on this job.",
  listedTwice: "This skill is listed twice.",
  workerNotOnJob: "This worker has no place on this job.",
  jobPricesPerSkill: "Job rates are per skill; leave the level empty.",
} as const;

export async function loadRateJob(db: DbOrTx, jobId: number, lock = false) {
  const q = db
    .select({ id: schema.jobs.id, name: schema.jobs.name, deletedAt: schema.jobs.deletedAt })
    .from(schema.jobs)
    .where(eq(schema.jobs.id, jobId))
    .limit(1);
  const [job] = await (lock ? q.for("update") : q);
  if (!job) throw new NotFoundError(JOB_RATE_MESSAGES.jobNotFound);
  if (job.deletedAt) {
    if (lock) throw new ConflictError(JOB_RATE_MESSAGES.archived, "job_archived");
    throw new NotFoundError(JOB_RATE_MESSAGES.jobNotFound);
  }
  return { id: job.id, name: job.name };
}

export interface JobSkill {
  skill_id: number;
  skill_name: string;
  parent_skill_id: number | null;
  parent_skill_name: string | null;
  /** The job's first live shift with a slot of this skill. */
  first_shift: { id: number; startsAt: Date; endsAt: Date };
}

const parent = alias(schema.skills, "parent_skill");

/** The skills of the job's live slots, each parent's sub-skills together, in skill order. */
export async function jobSkills(db: DbOrTx, jobId: number): Promise<JobSkill[]> {
  const rows = await db
    .select({
      skillId: schema.skills.id,
      skillName: schema.skills.name,
      skillOrder: schema.skills.order,
      parentId: parent.id,
      parentName: parent.name,
      parentOrder: parent.order,
      shiftId: schema.shifts.id,
      startsAt: schema.shifts.startsAt,
      endsAt: schema.shifts.endsAt,
    })
    .from(schema.shiftSlots)
    .innerJoin(schema.shifts, eq(schema.shifts.id, schema.shiftSlots.shiftId))
    .innerJoin(schema.skills, eq(schema.skills.id, schema.shiftSlots.skillId))
    .leftJoin(parent, eq(parent.id, schema.skills.parentId))
    .where(
      and(
        eq(schema.shifts.jobId, jobId),
        isNull(schema.shifts.deletedAt),
        isNull(schema.shiftSlots.deletedAt),
      ),
    )
    .orderBy(asc(schema.shifts.startsAt), asc(schema.shifts.id), asc(schema.shiftSlots.id));
  const seen = new Map<number, (typeof rows)[number]>();
  for (const r of rows) if (!seen.has(r.skillId)) seen.set(r.skillId, r);
  const key = (r: (typeof rows)[number]) => [
    r.parentOrder ?? r.skillOrder,
    r.parentId ?? r.skillId,
    r.parentId === null ? 0 : 1,
    r.skillOrder,
    r.skillId,
  ];
  return [...seen.values()]
    .sort((a, b) => {
      const ka = key(a);
      const kb = key(b);
      for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i]) return ka[i] - kb[i];
      return 0;
    })
    .map((r) => ({
      skill_id: r.skillId,
      skill_name: r.skillName,
      parent_skill_id: r.parentId,
      parent_skill_name: r.parentName,
      first_shift: { id: r.shiftId, startsAt: r.startsAt, endsAt: r.endsAt },
    }));
}

/** 422 naming each sent row whose skill has no live slot on the job. */
export function requireSkillsOnJob(skills: JobSkill[], rows: { skill_id: number }[]) {
  const on = new Set(skills.map((s) => s.skill_id));
  const errors: Record<string, string[]> = {};
  rows.forEach((r, i) => {
    if (!on.has(r.skill_id)) errors[`rates.${i}.skill_id`] = [JOB_RATE_MESSAGES.skillNotOnJob];
  });
  if (Object.keys(errors).length)
    throw new ValidationError(JOB_RATE_MESSAGES.skillNotOnJob, errors);
}

export interface JobRateHeader {
  job: { id: number; name: string };
  branch: { id: number; name: string } | null;
  currency: { code: string; digits: number };
  /** When the cards were copied onto the job (its oldest own row); null: nothing copied. */
  copied_at: string | null;
}

/** The job's pricing and the header of a rate tab; `copiedAt` is the oldest job row. */
export async function jobRateHeader(
  db: DbOrTx,
  job: { id: number; name: string },
  table: typeof schema.clientRates | typeof schema.workerRates,
): Promise<{ header: JobRateHeader; pricing: PricedJob }> {
  const pricing = await withCalendar(db, await jobPricing(db, job.id));
  if (!pricing) throw new NotFoundError(JOB_RATE_MESSAGES.jobNotFound);
  const [branch] = pricing.branchId
    ? await db
        .select({ id: schema.branches.id, name: schema.branches.name })
        .from(schema.branches)
        .where(eq(schema.branches.id, pricing.branchId))
    : [];
  const [copied] = await db
    .select({ at: min(table.createdAt) })
    .from(table)
    .where(eq(table.jobId, job.id));
  return {
    pricing,
    header: {
      job,
      branch: branch ?? null,
      currency: { code: pricing.currencyCode, digits: minorUnitsOf(pricing.currencyCode) },
      copied_at: copied?.at ? isoInZone(new Date(copied.at), pricing.timeZone) : null,
    },
  };
}

export interface PriceExample {
  shift_id: number;
  starts_at: string;
  ends_at: string;
  minutes: Record<Band, number>;
  /** "6 h standard, 2 h night". */
  split: string;
  /** What one position on that shift comes to, minor units. */
  total: number;
}

/** One position on a shift at a rate, split and priced by the one engine. */
export function priceExample(
  pricing: PricedJob,
  shift: JobSkill["first_shift"],
  rate: RateBands,
): PriceExample {
  const { minutes, total } = priceShift({
    start: shift.startsAt,
    end: shift.endsAt,
    timeZone: pricing.timeZone,
    isHoliday: pricing.isHoliday,
    rate,
  });
  return {
    shift_id: shift.id,
    starts_at: isoInZone(shift.startsAt, pricing.timeZone),
    ends_at: isoInZone(shift.endsAt, pricing.timeZone),
    minutes,
    split: describeSplit(minutes),
    total,
  };
}

/** 409 when the job has no branch to price at (job rows need one). */
export function requirePricingBranch(pricing: JobPricing): number {
  if (!pricing.branchId) throw new ConflictError(JOB_RATE_MESSAGES.noBranch, "no_pricing_branch");
  return pricing.branchId;
}

/**
 * How both job rate saves begin, inside their transaction: the job locked (404, 409 when
 * archived), the branch that prices it (409 without one) and every skill sent on its live slots.
 */
export async function lockJobForRates(ctx: TxCtx, jobId: number, rows: { skill_id: number }[]) {
  const job = await loadRateJob(ctx.db, jobId, true);
  const pricing = (await jobPricing(ctx.db, job.id))!;
  const branchId = requirePricingBranch(pricing);
  requireSkillsOnJob(await jobSkills(ctx.db, job.id), rows);
  return { job, pricing, branchId };
}

/** The activity row of a saved job rate card (client or worker rates). */
export async function logJobRatesSaved(
  ctx: TxCtx,
  job: { id: number; name: string },
  which: "client" | "worker",
  counts: { saved: number; removed: number },
  rates: unknown[],
) {
  await logActivity(ctx, {
    logName: "jobs",
    description: `Saved the ${which} rates of job ${job.name} (${counts.saved} rates, ${counts.removed} removed)`,
    subjectType: "jobs",
    subjectId: job.id,
    properties: { attributes: rates },
  });
}
