import { eq } from "drizzle-orm";
import { schema } from "@/db";
import { transitionError } from "@/lib/domain/application-status";
import { loadApplication } from "../applications/access";
import { lockApplication } from "../applications/locks";
import { recomputeJobStatuses, settleEndedShifts } from "../applications/settle";
import { logActivity } from "../activity";
import { requireUser, type Ctx, withTx } from "../context";
import { ConflictError, NotFoundError } from "../errors";
import { parseInput } from "../validate";
import {
  APPROVED_LOCKED,
  applicationForReporting,
  assertMayReportHours,
  asInput,
  assertPlausible,
  describeTimes,
  placeTimes,
  reportForChange,
} from "./access";
import { reportHoursInput, updateHoursInput } from "./schemas";
import { hoursView, reportById, reportOf, type ReportedHoursView } from "./view";
import { releaseHoursForChange } from "./paid-lock";

const NOT_ENDED = "You can report hours once the shift has ended.";
/** The answer to a correction that changes nothing (and writes nothing). */
export const NOTHING_CHANGED = "Nothing changed.";
const ALREADY = "Hours are already reported for this shift. Edit the report instead.";

/**
 * POST reported-hours: the worker (or a booker, or the shift's crew boss) reports the hours of
 * a finished shift. The application goes Report! → Reported and the job follows.
 */
export async function reportHours(
  ctx: Ctx,
  raw: unknown,
): Promise<ReportedHoursView & { message: string }> {
  const actor = requireUser(ctx);
  // Who may, before the body is read (issue 27); the application's own tie is checked below.
  await assertMayReportHours(ctx);
  const input = parseInput(reportHoursInput, raw);
  return withTx(ctx, async (ctx) => {
    // Who may report is checked inside the transaction, so it holds for the row written.
    await applicationForReporting(ctx, input.application_id);
    // A shift that has just ended may not have been swept yet: Booked → Report! first.
    await lockApplication(ctx, input.application_id);
    await settleEndedShifts(ctx, { applicationIds: [input.application_id] });
    const app = await loadApplication(ctx.db, input.application_id);
    await releaseHoursForChange(ctx, { jobStatus: app.jobStatus, applicationIds: [app.id] });
    if (app.status === "Booked" || app.status === "Request accepted")
      throw new ConflictError(NOT_ENDED, "shift_not_ended");
    if (app.status === "Reported" || app.status === "Approved" || (await reportOf(ctx.db, app.id)))
      throw new ConflictError(ALREADY, "already_reported");
    const refused = transitionError(app.status, "Reported", "hours");
    if (refused) throw new ConflictError(refused, "illegal_transition");

    const t = placeTimes(input.start, input.end, app, ctx.now);
    assertPlausible(t, app, input.confirm_unusual);
    // The comment is the writer's own: the worker's, or the office's reporting for it.
    const own = app.assigneeId === actor.userId;
    const [row] = await ctx.db
      .insert(schema.reportedHours)
      .values({
        applicationId: app.id,
        shiftSlotId: app.shiftSlotId,
        startsAt: t.start,
        endsAt: t.end,
        iWasLate: input.i_was_late ?? false,
        comment: own ? input.comment || null : null,
        officeComment: own ? null : input.comment || null,
        createdById: actor.userId,
        updatedById: actor.userId,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      })
      .returning();
    await ctx.db
      .update(schema.applications)
      .set({ status: "Reported", updatedAt: ctx.now })
      .where(eq(schema.applications.id, app.id));
    await recomputeJobStatuses(ctx, [app.jobId]);
    await logActivity(ctx, {
      logName: "hours",
      description: `Reported hours of ${app.assigneeName} on ${app.jobName}: ${describeTimes(t.start, t.end, app.timeZone)}`,
      subjectType: "applications",
      subjectId: app.id,
      properties: {
        reportedHoursId: row.id,
        start: t.start.toISOString(),
        end: t.end.toISOString(),
        minutes: t.minutes,
        iWasLate: row.iWasLate,
        onBehalf: !own,
        ...(input.confirm_unusual ? { confirmedUnusual: true } : {}),
      },
    });
    return { ...hoursView(row, "Reported", app.timeZone), message: "Hours reported successfully" };
  });
}

/**
 * PUT reported-hours/{id}: corrects a report. The worker and the crew boss only until it is
 * approved; a booker or an approver also afterwards (the application stays Approved). A
 * correction that changes nothing writes nothing and answers `changed: false`, "Nothing changed.".
 */
export async function updateReportedHours(
  ctx: Ctx,
  reportId: unknown,
  raw: unknown,
): Promise<ReportedHoursView & { changed: boolean; message: string }> {
  const actor = requireUser(ctx);
  const input = parseInput(updateHoursInput, raw);

  return withTx(ctx, async (ctx) => {
    const { report: found, manager } = await reportForChange(ctx, reportId);
    const { app } = await lockApplication(ctx, found.applicationId);
    const before = await reportById(ctx.db, found.id);
    if (!before) throw new NotFoundError("Reported hours not found.");
    if (app.status === "Approved" && !manager) throw new ConflictError(APPROVED_LOCKED, "locked");
    await releaseHoursForChange(ctx, { jobStatus: app.jobStatus, applicationIds: [app.id] });

    const t = placeTimes(
      input.start ?? asInput(before.startsAt, app.timeZone),
      input.end ?? asInput(before.endsAt, app.timeZone),
      app,
      ctx.now,
    );
    const moved =
      t.start.getTime() !== before.startsAt.getTime() ||
      t.end.getTime() !== before.endsAt.getTime();
    // Unchanged times were accepted before: editing only a comment never asks again.
    if (moved) assertPlausible(t, app, input.confirm_unusual);
    // A correction by the office keeps the worker's words and adds its own beside them.
    const own = app.assigneeId === actor.userId;
    const next = (v: string | null | undefined, was: string | null) =>
      v === undefined ? was : v || null;
    const after = {
      iWasLate: input.i_was_late ?? before.iWasLate,
      comment: own ? next(input.comment, before.comment) : before.comment,
      officeComment: own ? before.officeComment : next(input.comment, before.officeComment),
    };
    // Saving what is already there writes nothing: no update, no "from 08:00–16:30 to
    // 08:00–16:30" in the activity log, and the answer says so.
    if (
      !moved &&
      after.iWasLate === before.iWasLate &&
      after.comment === before.comment &&
      after.officeComment === before.officeComment
    )
      return {
        ...hoursView(before, app.status, app.timeZone),
        changed: false,
        message: NOTHING_CHANGED,
      };
    const [row] = await ctx.db
      .update(schema.reportedHours)
      .set({
        startsAt: t.start,
        endsAt: t.end,
        ...after,
        updatedById: actor.userId,
        updatedAt: ctx.now,
      })
      .where(eq(schema.reportedHours.id, before.id))
      .returning();
    await recomputeJobStatuses(ctx, [app.jobId]);
    await logActivity(ctx, {
      logName: "hours",
      description: `Changed the hours of ${app.assigneeName} on ${app.jobName} from ${describeTimes(
        before.startsAt,
        before.endsAt,
        app.timeZone,
      )} to ${describeTimes(t.start, t.end, app.timeZone)}`,
      subjectType: "applications",
      subjectId: app.id,
      properties: {
        reportedHoursId: row.id,
        before: {
          start: before.startsAt.toISOString(),
          end: before.endsAt.toISOString(),
          iWasLate: before.iWasLate,
          comment: before.comment,
          officeComment: before.officeComment,
        },
        after: {
          start: row.startsAt.toISOString(),
          end: row.endsAt.toISOString(),
          iWasLate: row.iWasLate,
          comment: row.comment,
          officeComment: row.officeComment,
        },
        approved: app.status === "Approved",
        byOffice: !own,
        ...(moved && input.confirm_unusual ? { confirmedUnusual: true } : {}),
      },
    });
    return {
      ...hoursView(row, app.status, app.timeZone),
      changed: true,
      message: "Hours updated successfully",
    };
  });
}

/** DELETE reported-hours/{id}: the report goes, the application returns to Report! (spec §4). */
export async function deleteReportedHours(
  ctx: Ctx,
  reportId: unknown,
): Promise<{ id: number; application_id: number; status: "Report!"; message: string }> {
  return withTx(ctx, async (ctx) => {
    const { report: found, manager } = await reportForChange(ctx, reportId);
    const { app } = await lockApplication(ctx, found.applicationId);
    const report = await reportById(ctx.db, found.id);
    if (!report) throw new NotFoundError("Reported hours not found.");
    if (app.status === "Approved" && !manager) throw new ConflictError(APPROVED_LOCKED, "locked");
    await releaseHoursForChange(ctx, { jobStatus: app.jobStatus, applicationIds: [app.id] });
    const refused =
      app.status === "Report!" ? null : transitionError(app.status, "Report!", "hours");
    if (refused) throw new ConflictError(refused, "illegal_transition");

    await ctx.db.delete(schema.reportedHours).where(eq(schema.reportedHours.id, report.id));
    await ctx.db
      .update(schema.applications)
      .set({ status: "Report!", updatedAt: ctx.now })
      .where(eq(schema.applications.id, app.id));
    await recomputeJobStatuses(ctx, [app.jobId]);
    await logActivity(ctx, {
      logName: "hours",
      description: `Deleted the reported hours of ${app.assigneeName} on ${app.jobName} (${describeTimes(
        report.startsAt,
        report.endsAt,
        app.timeZone,
      )})`,
      subjectType: "applications",
      subjectId: app.id,
      properties: {
        reportedHoursId: report.id,
        from: app.status,
        start: report.startsAt.toISOString(),
        end: report.endsAt.toISOString(),
      },
    });
    return {
      id: report.id,
      application_id: app.id,
      status: "Report!" as const,
      message: "Report deleted successfully",
    };
  });
}
