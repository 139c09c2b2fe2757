import { z } from "zod";
import { notifyJobCancelled } from "../notifications/shift";
import { and, count, countDistinct, eq, gt, inArray, isNull } from "drizzle-orm";
import { schema } from "@/db";
import { JOB_STATUSES, statusFromSlug } from "@/lib/domain/statuses";
import {
  INVOICE_MESSAGES,
  isReopening,
  MANUAL_TRANSITIONS,
  needsInvoiceReference,
  placesNotApprovedText,
  statusChangeSentence,
} from "@/lib/domain/job-status";
import { BOOKED_STATUSES } from "@/lib/domain/application-status";
import { FILLED_STATUSES } from "@/lib/domain/statuses";
import {
  COMMENT_MAX,
  JOB_TEXT_LIMITS,
  atMostChars,
  tooLongMessage,
} from "@/lib/domain/text-limits";
import { requirePermission, type Ctx, type TxCtx, withTx } from "../context";
import { ConflictError, ValidationError } from "../errors";
import { parseInput } from "../validate";
import { logActivity } from "../activity";
import { syncJobChatCrew } from "../chat/job-chat";
import { loadJobInScope } from "./scope";

const reasonText = z.preprocess(
  (v) => (typeof v === "string" ? v.trim() || undefined : v),
  z.string().max(COMMENT_MAX, atMostChars(COMMENT_MAX)).optional(),
);

export const statusChangeInput = z.object({
  reason: reasonText,
  /** Approved → Invoiced: the invoice reference (kept on the job); the job's own when absent. */
  invoice_reference: z.preprocess(
    (v) => (typeof v === "string" ? v.trim() || undefined : v === null ? undefined : v),
    z
      .string()
      .max(JOB_TEXT_LIMITS.invoice_reference, atMostChars(JOB_TEXT_LIMITS.invoice_reference))
      .optional(),
  ),
});

/**
 * The booked places of a job that are neither approved nor removed: filled applications
 * (FILLED_STATUSES) other than Approved on its live shifts and slots. Read under the job's lock,
 * which the hours and booking verbs of the job take too.
 */
async function placesNotApproved(ctx: TxCtx, jobId: number): Promise<number> {
  const [{ n }] = await ctx.db
    .select({ n: count() })
    .from(schema.applications)
    .innerJoin(schema.shiftSlots, eq(schema.shiftSlots.id, schema.applications.shiftSlotId))
    .innerJoin(schema.shifts, eq(schema.shifts.id, schema.shiftSlots.shiftId))
    .where(
      and(
        eq(schema.shifts.jobId, jobId),
        isNull(schema.shifts.deletedAt),
        isNull(schema.shiftSlots.deletedAt),
        inArray(
          schema.applications.status,
          FILLED_STATUSES.filter((s) => s !== "Approved"),
        ),
      ),
    );
  return Number(n);
}

/**
 * POST jobs/{id}/status/{status}: cancelling needs a reason (spec §4). Invoicing (issue 24)
 * needs the invoice reference (given, or already on the job) and every booked place approved or
 * removed (409 naming how many are not); reopening from Invoiced or Paid needs a reason, which
 * the activity log keeps (the job's shown reason stays as it was).
 */
export async function changeJobStatus(
  ctx: Ctx,
  jobId: unknown,
  statusParam: unknown,
  raw: unknown,
) {
  requirePermission(ctx, "job_edit");
  const status = typeof statusParam === "string" ? statusFromSlug(JOB_STATUSES, statusParam) : null;
  const { reason, invoice_reference } = parseInput(statusChangeInput, raw ?? {});
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
    const reopening = isReopening(job.status, status);
    if (reopening && !reason) {
      throw new ValidationError(INVOICE_MESSAGES.reopenReasonRequired, {
        reason: [INVOICE_MESSAGES.reopenReasonRequired],
      });
    }
    const invoiceReference = needsInvoiceReference(job.status, status)
      ? (invoice_reference ?? job.invoiceReference?.trim() ?? "")
      : job.invoiceReference;
    if (needsInvoiceReference(job.status, status)) {
      if (!invoiceReference)
        throw new ValidationError(INVOICE_MESSAGES.referenceRequired, {
          invoice_reference: [INVOICE_MESSAGES.referenceRequired],
        });
      const open = await placesNotApproved(ctx, job.id);
      if (open > 0) throw new ConflictError(placesNotApprovedText(open), "places_not_approved");
    }
    // Reopening a cancelled job drops the cancel reason unless a new one is given; a reopening
    // from the invoice keeps its reason in the log only.
    const newReason = reopening
      ? job.reason
      : (reason ?? (job.status === "Cancelled" ? null : job.reason));
    await ctx.db
      .update(schema.jobs)
      .set({ status, reason: newReason, invoiceReference })
      .where(eq(schema.jobs.id, job.id));
    await syncJobChatCrew(ctx.db, job.id);
    await logActivity(ctx, {
      logName: "jobs",
      description: statusChangeSentence(job.name, job.status, status, {
        reason,
        invoiceReference,
      }),
      subjectType: "jobs",
      subjectId: job.id,
      properties: {
        from: job.status,
        to: status,
        reason: reason ?? null,
        ...(status === "Invoiced" && !reopening ? { invoice_reference: invoiceReference } : {}),
      },
    });
    if (status === "Cancelled") await notifyJobCancelled(ctx, job.id, reason ?? null);
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
