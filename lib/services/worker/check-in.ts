import { z } from "zod";
import { eq } from "drizzle-orm";
import { schema } from "@/db";
import { BOOKED_STATUSES } from "@/lib/domain/application-status";
import { formatTime } from "@/lib/domain/format";
import type { ApplicationStatus } from "@/lib/domain/statuses";
import { isoInZone } from "@/lib/domain/time";
import { requireApprovedUser, requirePermission, requireUser, type Ctx, withTx } from "../context";
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from "../errors";
import { idSchema } from "../params";
import { parseInput } from "../validate";
import { logActivity } from "../activity";
import { loadApplication, relationTo } from "../applications/access";
import { checkInRefusal, checkInWindow } from "./check-in-window";

export const checkInInput = z.object({ application_id: idSchema, assignee_id: idSchema });

export interface CheckInResult {
  application_id: number;
  assignee_id: number;
  status: ApplicationStatus;
  check_in_at: string;
  /** True when the worker had already checked in: the first time is kept. */
  already_checked_in: boolean;
  message: string;
}

/**
 * POST my-dashboard/check-in: the worker says it is on site. Its own Booked or Request
 * accepted shift, from six hours before the start until the end; a booker of the job may
 * check a worker in too. Checking in twice keeps the first time.
 */
export async function checkIn(ctx: Ctx, raw: unknown): Promise<CheckInResult> {
  requirePermission(ctx, "my_dashboard_access", "jobs_book_workers");
  const actor = requireUser(ctx);
  // Before the body is read (issue 27): an applicant has no booked shift to check in on.
  if (!actor.permissions.has("jobs_book_workers")) requireApprovedUser(ctx);
  const input = parseInput(checkInInput, raw);

  return withTx(ctx, async (ctx) => {
    const app = await loadApplication(ctx.db, input.application_id, true);
    const rel = await relationTo(ctx, app);
    // Someone else's application does not exist for a worker.
    if (!rel.own && !rel.booker) throw new NotFoundError("Application not found.");
    if (!rel.booker && input.assignee_id !== actor.userId)
      throw new ForbiddenError("You can only check yourself in.");
    if (input.assignee_id !== app.assigneeId)
      throw new ValidationError("This application belongs to someone else.", {
        assignee_id: ["This application belongs to someone else."],
      });
    const done = (at: Date, already: boolean): CheckInResult => ({
      application_id: app.id,
      assignee_id: app.assigneeId,
      status: app.status,
      check_in_at: isoInZone(at, app.timeZone),
      already_checked_in: already,
      message: "Checked in",
    });
    if (app.checkInAt) return done(app.checkInAt, true);

    if (app.jobStatus === "Cancelled")
      throw new ConflictError(`${app.jobName} has been cancelled.`, "job_cancelled");
    const refusal = checkInRefusal(ctx.now, app.startsAt, app.endsAt, app.timeZone);
    const window = checkInWindow(ctx.now, app.startsAt, app.endsAt);
    if (refusal && window === "ended") throw new ConflictError(refusal, "shift_ended");
    if (!(BOOKED_STATUSES as readonly string[]).includes(app.status))
      throw new ConflictError(
        `Only a booked shift can be checked in; this one is ${app.status}.`,
        "not_booked",
      );
    if (refusal) throw new ConflictError(refusal, "check_in_not_open");

    await ctx.db
      .update(schema.applications)
      .set({ checkInAt: ctx.now, updatedAt: ctx.now })
      .where(eq(schema.applications.id, app.id));
    await logActivity(ctx, {
      logName: "applications",
      description: `${app.assigneeName} checked in on ${app.jobName} at ${formatTime(ctx.now, app.timeZone)}`,
      subjectType: "applications",
      subjectId: app.id,
      properties: {
        job_id: app.jobId,
        shift_id: app.shiftId,
        assignee_id: app.assigneeId,
        by: rel.own ? "worker" : "booker",
      },
    });
    return done(ctx.now, false);
  });
}
