import { eq } from "drizzle-orm";
import { schema } from "@/db";
import { statusAfterDisapproval, transitionError } from "@/lib/domain/application-status";
import type { ApplicationStatus } from "@/lib/domain/statuses";
import { loadApplication } from "../applications/access";
import { lockApplication } from "../applications/locks";
import { recomputeJobStatuses, settleEndedShifts } from "../applications/settle";
import { logActivity } from "../activity";
import { requireUser, type Ctx, withTx } from "../context";
import { AppError, ConflictError } from "../errors";
import { parseInput } from "../validate";
import { applicationForApproval, describeTimes } from "./access";
import { bulkApprovalInput, hoursDecisionInput } from "./schemas";
import { hoursView, reportOf, type ReportedHoursView } from "./view";
import { releaseHoursForChange } from "./paid-lock";
import { notifyHoursDecision } from "../notifications/hours";
import { storeClientPrices } from "../statistics/stored-prices";

export interface ApprovalResult {
  id: number;
  status: ApplicationStatus;
  reported_hours: ReportedHoursView | null;
  message: string;
}

/**
 * POST applications/{id}/approve: an approver approves the reported hours (Reported →
 * Approved), or the planned times of a finished shift nobody reported (Report! → Approved).
 * `storePrice: false` is for a caller approving many in its transaction ("Approve all that
 * match"): it stores the prices of all the reports it approved at once afterwards.
 */
export async function approveApplication(
  ctx: Ctx,
  applicationId: unknown,
  raw: unknown = {},
  { storePrice = true }: { storePrice?: boolean } = {},
): Promise<ApprovalResult> {
  const actor = requireUser(ctx);
  const { comment } = parseInput(hoursDecisionInput, raw ?? {});
  return withTx(ctx, async (ctx) => {
    const { id } = await applicationForApproval(ctx, applicationId);
    await lockApplication(ctx, id);
    await settleEndedShifts(ctx, { applicationIds: [id] });
    const app = await loadApplication(ctx.db, id);
    await releaseHoursForChange(ctx, { jobStatus: app.jobStatus, applicationIds: [app.id] });
    if (app.status === "Approved")
      throw new ConflictError("These hours are already approved.", "already_approved");
    if (app.status === "Booked" || app.status === "Request accepted")
      throw new ConflictError("You can approve hours once the shift has ended.", "shift_not_ended");
    const refused = transitionError(app.status, "Approved", "hours");
    if (refused) throw new ConflictError(refused, "illegal_transition");

    let report = await reportOf(ctx.db, app.id);
    if (report) {
      [report] = await ctx.db
        .update(schema.reportedHours)
        .set({ approvedById: actor.userId, approvedAt: ctx.now, updatedAt: ctx.now })
        .where(eq(schema.reportedHours.id, report.id))
        .returning();
      // Statistics add stored prices instead of pricing every report on every call (issue 27).
      if (storePrice) await storeClientPrices(ctx.db, [report.id]);
    }
    await ctx.db
      .update(schema.applications)
      .set({ status: "Approved", updatedAt: ctx.now })
      .where(eq(schema.applications.id, app.id));
    await recomputeJobStatuses(ctx, [app.jobId]);
    const times = report
      ? describeTimes(report.startsAt, report.endsAt, app.timeZone)
      : `${describeTimes(app.startsAt, app.endsAt, app.timeZone)} (planned, no report)`;
    await logActivity(ctx, {
      logName: "hours",
      description: `Approved the hours of ${app.assigneeName} on ${app.jobName}: ${times}`,
      subjectType: "applications",
      subjectId: app.id,
      properties: {
        from: app.status,
        to: "Approved",
        reportedHoursId: report?.id ?? null,
        ...(comment ? { comment } : {}),
      },
    });
    await notifyHoursDecision(ctx, "approved", app, report ?? app, comment);
    return {
      id: app.id,
      status: "Approved" as const,
      reported_hours: report ? hoursView(report, "Approved", app.timeZone) : null,
      message: "Report approved!",
    };
  });
}

/**
 * POST applications/{id}/disapprove: takes an approval back. With a report the application
 * is Reported again (awaiting approval), without one it is Report! (spec §4).
 */
export async function disapproveApplication(
  ctx: Ctx,
  applicationId: unknown,
  raw: unknown = {},
): Promise<ApprovalResult> {
  const { comment } = parseInput(hoursDecisionInput, raw ?? {});
  return withTx(ctx, async (ctx) => {
    const { id } = await applicationForApproval(ctx, applicationId);
    const { app } = await lockApplication(ctx, id);
    await releaseHoursForChange(ctx, { jobStatus: app.jobStatus, applicationIds: [app.id] });
    let report = await reportOf(ctx.db, app.id);
    const to = statusAfterDisapproval(report !== null);
    if (app.status !== "Approved")
      throw new ConflictError(
        `Only approved hours can be disapproved; this application is ${app.status}.`,
        "illegal_transition",
      );
    const refused = transitionError(app.status, to, "hours");
    if (refused) throw new ConflictError(refused, "illegal_transition");

    if (report) {
      [report] = await ctx.db
        .update(schema.reportedHours)
        .set({ approvedById: null, approvedAt: null, updatedAt: ctx.now })
        .where(eq(schema.reportedHours.id, report.id))
        .returning();
    }
    await ctx.db
      .update(schema.applications)
      .set({ status: to, updatedAt: ctx.now })
      .where(eq(schema.applications.id, app.id));
    await recomputeJobStatuses(ctx, [app.jobId]);
    await logActivity(ctx, {
      logName: "hours",
      description: `Disapproved the hours of ${app.assigneeName} on ${app.jobName}`,
      subjectType: "applications",
      subjectId: app.id,
      properties: {
        from: "Approved",
        to,
        reportedHoursId: report?.id ?? null,
        ...(comment ? { comment } : {}),
      },
    });
    await notifyHoursDecision(ctx, "disapproved", app, report ?? app, comment);
    return {
      id: app.id,
      status: to,
      reported_hours: report ? hoursView(report, to, app.timeZone) : null,
      // The spec's text, typo included (spec §8).
      message: "Report Dissapproved!",
    };
  });
}

export interface BulkResult {
  done: number[];
  failed: { id: number; message: string }[];
}

async function each(
  ctx: Ctx,
  raw: unknown,
  verb: (ctx: Ctx, id: number) => Promise<unknown>,
): Promise<BulkResult> {
  requireUser(ctx);
  const { application_ids } = parseInput(bulkApprovalInput, raw);
  const out: BulkResult = { done: [], failed: [] };
  // One transaction per row: a refused row does not undo the others.
  for (const id of [...new Set(application_ids)]) {
    try {
      await verb(ctx, id);
      out.done.push(id);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      out.failed.push({ id, message: err.message });
    }
  }
  return out;
}

/** The approvals screen's "Approve selected": each row approved or its reason given. */
export const approveMany = (ctx: Ctx, raw: unknown) => each(ctx, raw, approveApplication);

/** The approvals screen's "Disapprove selected". */
export const disapproveMany = (ctx: Ctx, raw: unknown) => each(ctx, raw, disapproveApplication);
