import { z } from "zod";
import { eq } from "drizzle-orm";
import { schema } from "@/db";
import { statusAsOf } from "@/lib/domain/application-status";
import { checkTimesRefusal, placeCheckTime } from "@/lib/domain/attendance";
import { formatTime } from "@/lib/domain/format";
import { isoInZone } from "@/lib/domain/time";
import { requirePermission, requireUser, type Ctx, withTx } from "../context";
import { ConflictError, NotFoundError, ValidationError } from "../errors";
import { parseInput } from "../validate";
import { logActivity } from "../activity";
import { loadApplication, relationTo, toId } from "../applications/access";
import { releaseHoursForChange } from "../hours/paid-lock";

const checkTime = (field: "check-in" | "check-out") =>
  z.preprocess(
    (v) => (typeof v === "string" ? v.trim() || null : v),
    z
      .string({ error: `The ${field} must be a time as HH:mm or DD/MM/YYYY HH:mm.` })
      .max(40, `The ${field} must be a time as HH:mm or DD/MM/YYYY HH:mm.`)
      .nullable()
      .optional(),
  );

/**
 * PUT applications/{id}/check-times. Each time is "HH:mm" (on the shift's day, nearest its
 * start for the check-in and its end for the check-out), "DD/MM/YYYY HH:mm" in the job's
 * zone, or an ISO 8601 date-time with offset; empty or null clears it; left out keeps it.
 */
export const correctCheckTimesInput = z.object({
  check_in_at: checkTime("check-in"),
  check_out_at: checkTime("check-out"),
});

export interface CheckTimes {
  application_id: number;
  check_in_at: string | null;
  check_out_at: string | null;
  /** False when the times given were the times already stored: nothing was written. */
  changed: boolean;
  message: string;
}

/** Places where a check-in and check-out belong: crew on the shift whose hours are not approved. */
const CORRECTABLE = ["Booked", "Request accepted", "Report!", "Reported"];

/**
 * The office corrects a worker's check-in and check-out (a forgotten tap, a check-out by
 * mistake past its undo): a booker of the job (jobs_book_workers, in its scope). The times
 * obey the same windows as the worker's own check-in and check-out; logged with old and new.
 */
export async function correctCheckTimes(
  ctx: Ctx,
  applicationId: unknown,
  raw: unknown,
): Promise<CheckTimes> {
  requirePermission(ctx, "jobs_book_workers");
  requireUser(ctx);
  const id = toId(applicationId);
  const input = parseInput(correctCheckTimesInput, raw ?? {});
  if (input.check_in_at === undefined && input.check_out_at === undefined)
    throw new ValidationError("Give a check-in or a check-out time.", {
      check_in_at: ["Give a check-in or a check-out time."],
    });

  return withTx(ctx, async (ctx) => {
    const app = await loadApplication(ctx.db, id, true);
    const rel = await relationTo(ctx, app);
    // A job outside the booker's scope does not exist for them.
    if (!rel.booker) throw new NotFoundError("Application not found.");
    const tz = app.timeZone;
    const status = statusAsOf(app.status, app.endsAt, ctx.now);
    if (status === "Approved")
      throw new ConflictError(
        `The hours of ${app.assigneeName} on this shift are approved; disapprove them first to correct the check-in times.`,
        "approved",
      );
    await releaseHoursForChange(ctx, { jobStatus: app.jobStatus, applicationIds: [app.id] });
    if (!CORRECTABLE.includes(status))
      throw new ConflictError(
        `${app.assigneeName} is ${status} on this shift, not on its crew: there is no check-in to correct.`,
        "not_booked",
      );

    const place = (field: "check_in_at" | "check_out_at", raw: string | null | undefined) => {
      if (raw === undefined) return field === "check_in_at" ? app.checkInAt : app.checkOutAt;
      if (raw === null) return null;
      const at = placeCheckTime(raw, field === "check_in_at" ? app.startsAt : app.endsAt, tz);
      if (!at) {
        const message = `The ${field === "check_in_at" ? "check-in" : "check-out"} must be a time as HH:mm or DD/MM/YYYY HH:mm.`;
        throw new ValidationError(message, { [field]: [message] });
      }
      return at;
    };
    const next = {
      checkInAt: place("check_in_at", input.check_in_at),
      checkOutAt: place("check_out_at", input.check_out_at),
    };
    const refusal = checkTimesRefusal(next, app, ctx.now, tz);
    if (refusal) throw new ValidationError(refusal.message, { [refusal.field]: [refusal.message] });

    const same = (a: Date | null, b: Date | null) =>
      (a?.getTime() ?? null) === (b?.getTime() ?? null);
    const result = (changed: boolean): CheckTimes => ({
      application_id: app.id,
      check_in_at: next.checkInAt ? isoInZone(next.checkInAt, tz) : null,
      check_out_at: next.checkOutAt ? isoInZone(next.checkOutAt, tz) : null,
      changed,
      message: changed
        ? `Check-in times of ${app.assigneeName} corrected`
        : `Nothing changed: these are the check-in times of ${app.assigneeName} already`,
    });
    if (same(next.checkInAt, app.checkInAt) && same(next.checkOutAt, app.checkOutAt))
      return result(false);

    await ctx.db
      .update(schema.applications)
      .set({ checkInAt: next.checkInAt, checkOutAt: next.checkOutAt, updatedAt: ctx.now })
      .where(eq(schema.applications.id, app.id));
    const shown = (d: Date | null) => (d ? formatTime(d, tz) : "none");
    const changes = [
      !same(next.checkInAt, app.checkInAt) &&
        `check-in ${shown(app.checkInAt)} → ${shown(next.checkInAt)}`,
      !same(next.checkOutAt, app.checkOutAt) &&
        `check-out ${shown(app.checkOutAt)} → ${shown(next.checkOutAt)}`,
    ].filter(Boolean);
    await logActivity(ctx, {
      logName: "applications",
      description: `Corrected the check-in times of ${app.assigneeName} on ${app.jobName}: ${changes.join(", ")}`,
      subjectType: "applications",
      subjectId: app.id,
      properties: {
        job_id: app.jobId,
        shift_id: app.shiftId,
        assignee_id: app.assigneeId,
        old: {
          check_in_at: app.checkInAt ? isoInZone(app.checkInAt, tz) : null,
          check_out_at: app.checkOutAt ? isoInZone(app.checkOutAt, tz) : null,
        },
        attributes: {
          check_in_at: next.checkInAt ? isoInZone(next.checkInAt, tz) : null,
          check_out_at: next.checkOutAt ? isoInZone(next.checkOutAt, tz) : null,
        },
      },
    });
    return result(true);
  });
}
