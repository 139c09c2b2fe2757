import { z } from "zod";
import { and, count, countDistinct, eq, gt, inArray, isNull } from "drizzle-orm";
import { schema } from "@/db";
import { JOB_STATUSES, statusFromSlug } from "@/lib/domain/statuses";
import { MANUAL_TRANSITIONS } from "@/lib/domain/job-status";
import { BOOKED_STATUSES } from "@/lib/domain/application-status";
import { COMMENT_MAX, atMostChars, tooLongMessage } from "@/lib/domain/text-limits";
import { requirePermission, type Ctx, withTx } from "../context";
import { ConflictError, ValidationError } from "../errors";
import { parseInput } from "../validate";
import { logActivity } from "../activity";
import { loadJobInScope } from "./scope";

const reasonText = z.preprocess(
  (v) => (typeof v === "string" ? v.trim() || undefined : v),
  z.string().max(COMMENT_MAX, atMostChars(COMMENT_MAX)).optional(),
);

export const statusChangeInput = z.object({ reason: reasonText });

/** POST jobs/{id}/status/{status}: cancelling needs a reason (spec §4). */
export async function changeJobStatus(
  ctx: Ctx,
  jobId: unknown,
  statusParam: unknown,
  raw: unknown,
) {
  requirePermission(ctx, "job_edit");
  const status = typeof statusParam === "string" ? statusFromSlug(JOB_STATUSES, statusParam) : null;
  const { reason } = parseInput(statusChangeInput, raw ?? {});
  return withTx(ctx, async (ctx) => {
    const job = await loadJobInScope(ctx, jobId, { lock: true });
    if (!status)
      throw new ValidationError(`Unknown status. Use one of: ${JOB_STATUSES.join(", ")}.`, {
        status: ["Unknown status."],
      });
    if (status === job.status) return { id: job.id, status, reason: job.reason };
    const allowed = MANUAL_TRANSITIONS[job.status];
    if (!allowed.includes(status)) {
      throw new ConflictError(
        `A job that is ${job.status} cannot be set to ${status}. Allowed: ${allowed.join(", ") || "none"}.`,
        "illegal_transition",
      );
    }
    if (status === "Cancelled" && !reason) {
      throw new ValidationError("Please give a reason for cancelling the job.", {
        reason: ["Please give a reason for cancelling the job."],
      });
    }
    // Reopening a cancelled job drops the cancel reason unless a new one is given.
    const newReason = reason ?? (job.status === "Cancelled" ? null : job.reason);
    await ctx.db
      .update(schema.jobs)
      .set({ status, reason: newReason })
      .where(eq(schema.jobs.id, job.id));
    await logActivity(ctx, {
      logName: "jobs",
      description: `Changed status of ${job.name} from ${job.status} to ${status}`,
      subjectType: "jobs",
      subjectId: job.id,
      properties: { from: job.status, to: status, reason: reason ?? null },
    });
    return { id: job.id, status, reason: newReason };
  });
}

/**
 * How many people hold a place on the job's shifts still to come (Booked or Request accepted):
 * what the status change asks about before a job with crew goes back to Draft or is cancelled.
 */
export async function bookedCrewCount(ctx: Ctx, jobId: unknown): Promise<{ booked: number }> {
  requirePermission(ctx, "job_edit");
  const job = await loadJobInScope(ctx, jobId);
  const [{ n }] = await ctx.db
    .select({ n: countDistinct(schema.applications.assigneeId) })
    .from(schema.applications)
    .innerJoin(schema.shifts, eq(schema.shifts.id, schema.applications.shiftId))
    .where(
      and(
        eq(schema.shifts.jobId, job.id),
        isNull(schema.shifts.deletedAt),
        gt(schema.shifts.endsAt, ctx.now),
        inArray(schema.applications.status, [...BOOKED_STATUSES]),
      ),
    );
  return { booked: Number(n) };
}

export const changeReasonInput = z.object({
  reason: z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : v),
    z
      .string({ error: "The reason field is required." })
      .max(COMMENT_MAX, tooLongMessage("reason", COMMENT_MAX)),
  ),
});

/** POST jobs/{id}/change-reason. */
export async function changeJobReason(ctx: Ctx, jobId: unknown, raw: unknown) {
  requirePermission(ctx, "job_edit");
  const { reason } = parseInput(changeReasonInput, raw);
  return withTx(ctx, async (ctx) => {
    const job = await loadJobInScope(ctx, jobId, { lock: true });
    await ctx.db
      .update(schema.jobs)
      .set({ reason: reason || null })
      .where(eq(schema.jobs.id, job.id));
    await logActivity(ctx, {
      logName: "jobs",
      description: `Changed the reason of ${job.name}`,
      subjectType: "jobs",
      subjectId: job.id,
      properties: { reason },
    });
    return { id: job.id, reason: reason || null };
  });
}

/**
 * DELETE jobs/{id}: a job nobody applied to is removed; one with applications (history) is
 * archived instead, so nothing is lost (DESIGN.md §5).
 */
export async function deleteJob(ctx: Ctx, jobId: unknown) {
  requirePermission(ctx, "job_edit");
  return withTx(ctx, async (ctx) => {
    const job = await loadJobInScope(ctx, jobId, { lock: true });
    const shiftIds = ctx.db
      .select({ id: schema.shifts.id })
      .from(schema.shifts)
      .where(eq(schema.shifts.jobId, job.id));
    const [{ n }] = await ctx.db
      .select({ n: count() })
      .from(schema.applications)
      .where(inArray(schema.applications.shiftId, shiftIds));
    const archived = Number(n) > 0;
    if (archived) {
      await ctx.db
        .update(schema.jobs)
        .set({ deletedAt: ctx.now })
        .where(eq(schema.jobs.id, job.id));
    } else {
      await ctx.db
        .delete(schema.notes)
        .where(and(eq(schema.notes.noteableType, "jobs"), eq(schema.notes.noteableId, job.id)));
      await ctx.db.delete(schema.jobs).where(eq(schema.jobs.id, job.id));
    }
    await logActivity(ctx, {
      logName: "jobs",
      description: `${archived ? "Archived" : "Deleted"} job ${job.name}`,
      subjectType: "jobs",
      subjectId: job.id,
      properties: { archived },
    });
    return { id: job.id, archived, message: "Job deleted successfully" };
  });
}
