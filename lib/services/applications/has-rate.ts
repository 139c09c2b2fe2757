import { z } from "zod";
import { and, eq, isNull } from "drizzle-orm";
import { schema } from "@/db";
import { requirePermission, type Ctx } from "../context";
import { NotFoundError } from "../errors";
import { idSchema } from "../params";
import { parseInput } from "../validate";
import { inCompanyScope } from "./access";
import { workerRatesOfSlots } from "./rated";
import type { WorkerRate } from "../rates/lookup";

export const checkHasRateInput = z.object({
  job_id: idSchema,
  skill_id: idSchema,
  assignee_id: idSchema,
});

export interface HasRateView {
  has_rate: boolean;
  /** The rate that applies, in minor units; absent for a client contact (worker pay). */
  rate?: {
    id: number;
    skill_id: number;
    source: WorkerRate["source"];
    currency_code: string;
    amount: number;
    weekend_amount: number | null;
    night_amount: number | null;
    night_start: string | null;
    night_end: string | null;
  };
}

/**
 * POST jobs/check-has-rate (spec §7) [jobs_book_workers]: whether booking this worker on this
 * job as this skill would answer 410 missing_rates, by the same lookup the booking runs. A client
 * contact (who may book on its own company's jobs) learns only whether there is a rate, never the
 * pay itself. A job outside the caller's scope, an unknown skill or worker is a 404.
 */
export async function checkHasRate(ctx: Ctx, raw: unknown): Promise<HasRateView> {
  const actor = requirePermission(ctx, "jobs_book_workers");
  const input = parseInput(checkHasRateInput, raw);
  const [job] = await ctx.db
    .select({ id: schema.jobs.id, companyId: schema.jobs.companyId })
    .from(schema.jobs)
    .where(and(eq(schema.jobs.id, input.job_id), isNull(schema.jobs.deletedAt)));
  if (!job || (actor.kind === "user" && !inCompanyScope(actor, job.companyId)))
    throw new NotFoundError("Job not found.");
  const [skill] = await ctx.db
    .select({ id: schema.skills.id })
    .from(schema.skills)
    .where(and(eq(schema.skills.id, input.skill_id), isNull(schema.skills.deletedAt)));
  if (!skill) throw new NotFoundError("Skill not found.");
  const [worker] = await ctx.db
    .select({ id: schema.users.id })
    .from(schema.users)
    .where(and(eq(schema.users.id, input.assignee_id), isNull(schema.users.deletedAt)));
  if (!worker) throw new NotFoundError("The worker does not exist.");

  const slot = { jobId: job.id, skillId: skill.id };
  const rate = (await workerRatesOfSlots(ctx.db, [worker.id], [slot]))(worker.id, slot);
  if (!rate) return { has_rate: false };
  if (actor.kind === "user" && actor.isClient) return { has_rate: true };
  return {
    has_rate: true,
    rate: {
      id: rate.id,
      skill_id: rate.skillId,
      source: rate.source,
      currency_code: rate.currencyCode,
      amount: rate.standard,
      weekend_amount: rate.weekend,
      night_amount: rate.night,
      night_start: rate.nightStart,
      night_end: rate.nightEnd,
    },
  };
}
