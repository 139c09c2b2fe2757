import { z } from "zod";
import { eq } from "drizzle-orm";
import { schema } from "@/db";
import { statusAsOf } from "@/lib/domain/application-status";
import { formatTime } from "@/lib/domain/format";
import { isoInZone } from "@/lib/domain/time";
import { requirePermission, requireUser, type Ctx, withTx } from "../context";
import { ConflictError, NotFoundError } from "../errors";
import { idSchema } from "../params";
import { parseInput } from "../validate";
import { logActivity } from "../activity";
import { loadApplication, relationTo } from "../applications/access";

export const checkOutInput = z.object({ application_id: idSchema });

/** How long after the planned end a worker may still check out (overtime, a late load-out). */
export const CHECK_OUT_CLOSES_AFTER_MS = 12 * 3_600_000;

export interface CheckOutResult {
  application_id: number;
  check_out_at: string;
  /** True when the worker had already checked out: the first time is kept. */
  already_checked_out: boolean;
  message: string;
}

/**
 * POST my-dashboard/check-out: the worker says it is done. Its own shift, once it has started
 * and until twelve hours after its planned end, before the hours are reported; the time is
 * stored and suggested as the end of the hours report. A second check-out keeps the first.
 */
export async function checkOut(ctx: Ctx, raw: unknown): Promise<CheckOutResult> {
  requirePermission(ctx, "my_dashboard_access");
  requireUser(ctx);
  const input = parseInput(checkOutInput, raw);

  return withTx(ctx, async (ctx) => {
    const app = await loadApplication(ctx.db, input.application_id, true);
    const rel = await relationTo(ctx, app);
    // Someone else's application does not exist for a worker.
    if (!rel.own) throw new NotFoundError("Application not found.");
    const done = (at: Date, already: boolean): CheckOutResult => ({
      application_id: app.id,
      check_out_at: isoInZone(at, app.timeZone),
      already_checked_out: already,
      message: "Checked out",
    });
    if (app.checkOutAt) return done(app.checkOutAt, true);

    const status = statusAsOf(app.status, app.endsAt, ctx.now);
    if (status !== "Booked" && status !== "Request accepted" && status !== "Report!")
      throw new ConflictError(
        `Only a booked shift can be checked out; this one is ${status}.`,
        "not_booked",
      );
    if (ctx.now.getTime() < app.startsAt.getTime())
      throw new ConflictError("You can check out once the shift has started.", "not_started");
    if (ctx.now.getTime() > app.endsAt.getTime() + CHECK_OUT_CLOSES_AFTER_MS)
      throw new ConflictError(
        "This shift ended too long ago to check out. Report your hours instead.",
        "check_out_closed",
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
      properties: { job_id: app.jobId, shift_id: app.shiftId, assignee_id: app.assigneeId },
    });
    return done(ctx.now, false);
  });
}
