import { z } from "zod";
import { eq } from "drizzle-orm";
import { schema } from "@/db";
import { statusAsOf } from "@/lib/domain/application-status";
import {
  CHECK_OUT_CLOSES_AFTER_MS,
  UNDO_CHECK_OUT_CLOSED,
  canUndoCheckOut,
  checkOutUndoUntil,
  earlyCheckOutQuestion,
  isEarlyCheckOut,
} from "@/lib/domain/attendance";
import { formatTime } from "@/lib/domain/format";
import { isoInZone } from "@/lib/domain/time";
import { requirePermission, requireUser, type Ctx, type TxCtx, withTx } from "../context";
import { ConfirmError, ConflictError, NotFoundError } from "../errors";
import { flag, idSchema } from "../params";
import { parseInput } from "../validate";
import { logActivity } from "../activity";
import { loadApplication, relationTo, type ApplicationRow } from "../applications/access";

export { CHECK_OUT_CLOSES_AFTER_MS };

export const checkOutInput = z.object({
  application_id: idSchema,
  /** Repeating a check-out answered 410 `check_out_early` with this set records it anyway. */
  confirm: flag,
});
export const undoCheckOutInput = z.object({ application_id: idSchema });

export interface CheckOutResult {
  application_id: number;
  check_out_at: string;
  /** True when the worker had already checked out: the first time is kept. */
  already_checked_out: boolean;
  /** Until when the worker may undo the check-out. */
  undo_until: string;
  message: string;
}

/** The worker's own application, locked; someone else's does not exist for a worker. */
async function ownApplication(ctx: TxCtx, id: number): Promise<ApplicationRow> {
  const app = await loadApplication(ctx.db, id, true);
  const rel = await relationTo(ctx, app);
  if (!rel.own) throw new NotFoundError("Application not found.");
  return app;
}

/** 409 unless the place is still one to check in and out of (booked; hours not reported yet). */
function assertStillBooked(app: ApplicationRow, now: Date, what: string) {
  const status = statusAsOf(app.status, app.endsAt, now);
  if (status !== "Booked" && status !== "Request accepted" && status !== "Report!")
    throw new ConflictError(
      `Only a booked shift can be ${what}; this one is ${status}.`,
      "not_booked",
    );
}

/**
 * POST my-dashboard/check-out: the worker says it is done. Its own shift, after it has checked
 * in, once the shift has started and until twelve hours after its planned end, before the
 * hours are reported; the time is stored and suggested as the end of the hours report. More
 * than 30 minutes before the end it answers 410 `check_out_early` with the question, unless
 * repeated with `confirm`. A second check-out keeps the first.
 */
export async function checkOut(ctx: Ctx, raw: unknown): Promise<CheckOutResult> {
  requirePermission(ctx, "my_dashboard_access");
  requireUser(ctx);
  const input = parseInput(checkOutInput, raw);

  return withTx(ctx, async (ctx) => {
    const app = await ownApplication(ctx, input.application_id);
    const done = (at: Date, already: boolean): CheckOutResult => ({
      application_id: app.id,
      check_out_at: isoInZone(at, app.timeZone),
      already_checked_out: already,
      undo_until: isoInZone(checkOutUndoUntil(at), app.timeZone),
      message: already
        ? `You checked out at ${formatTime(at, app.timeZone)}`
        : `Checked out at ${formatTime(at, app.timeZone)}`,
    });
    if (app.checkOutAt) return done(app.checkOutAt, true);

    assertStillBooked(app, ctx.now, "checked out");
    if (ctx.now.getTime() < app.startsAt.getTime())
      throw new ConflictError("You can check out once the shift has started.", "not_started");
    if (ctx.now.getTime() > app.endsAt.getTime() + CHECK_OUT_CLOSES_AFTER_MS)
      throw new ConflictError(
        "This shift ended too long ago to check out. Report your hours instead.",
        "check_out_closed",
      );
    if (!app.checkInAt)
      throw new ConflictError(
        "You have not checked in on this shift. Check in first, then check out when you leave.",
        "not_checked_in",
      );
    if (isEarlyCheckOut(ctx.now, app.endsAt) && !input.confirm)
      throw new ConfirmError(
        earlyCheckOutQuestion(ctx.now, app.endsAt, app.timeZone),
        "check_out_early",
        {
          ends_at: isoInZone(app.endsAt, app.timeZone),
          check_out_at: isoInZone(ctx.now, app.timeZone),
        },
      );

    await ctx.db
      .update(schema.applications)
      .set({ checkOutAt: ctx.now, updatedAt: ctx.now })
      .where(eq(schema.applications.id, app.id));
    await logActivity(ctx, {
      logName: "applications",
      description: `${app.assigneeName} checked out on ${app.jobName} at ${formatTime(ctx.now, app.timeZone)}`,
      subjectType: "applications",
      subjectId: app.id,
      properties: {
        job_id: app.jobId,
        shift_id: app.shiftId,
        assignee_id: app.assigneeId,
        ...(isEarlyCheckOut(ctx.now, app.endsAt) ? { early: true } : {}),
      },
    });
    return done(ctx.now, false);
  });
}

export interface UndoCheckOutResult {
  application_id: number;
  check_in_at: string | null;
  message: string;
}

/**
 * POST my-dashboard/check-out/undo: the worker takes back its check-out, within ten minutes of
 * it (a tap by mistake); later the office corrects it. Its own application only.
 */
export async function undoCheckOut(ctx: Ctx, raw: unknown): Promise<UndoCheckOutResult> {
  requirePermission(ctx, "my_dashboard_access");
  requireUser(ctx);
  const input = parseInput(undoCheckOutInput, raw);

  return withTx(ctx, async (ctx) => {
    const app = await ownApplication(ctx, input.application_id);
    if (!app.checkOutAt)
      throw new ConflictError("You have not checked out of this shift.", "not_checked_out");
    if (!canUndoCheckOut(ctx.now, app.checkOutAt))
      throw new ConflictError(UNDO_CHECK_OUT_CLOSED, "undo_closed");
    assertStillBooked(app, ctx.now, "changed");

    await ctx.db
      .update(schema.applications)
      .set({ checkOutAt: null, updatedAt: ctx.now })
      .where(eq(schema.applications.id, app.id));
    await logActivity(ctx, {
      logName: "applications",
      description: `${app.assigneeName} undid the check-out at ${formatTime(app.checkOutAt, app.timeZone)} on ${app.jobName}`,
      subjectType: "applications",
      subjectId: app.id,
      properties: {
        job_id: app.jobId,
        shift_id: app.shiftId,
        assignee_id: app.assigneeId,
        check_out_at: isoInZone(app.checkOutAt, app.timeZone),
      },
    });
    return {
      application_id: app.id,
      check_in_at: app.checkInAt ? isoInZone(app.checkInAt, app.timeZone) : null,
      message: "Check-out undone: you are still checked in",
    };
  });
}
