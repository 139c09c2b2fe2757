import { resolveReportedTimes } from "@/lib/domain/reported-hours";
import { unusualHours } from "@/lib/domain/hours-plan";
import { formatDateTime, formatRange } from "@/lib/domain/format";
import {
  assertRelated,
  loadApplication,
  relationTo,
  type ApplicationRow,
  type Relation,
} from "../applications/access";
import { requireApprovedUser, requireUser, type Ctx } from "../context";
import { isCrewBossAnywhere } from "../jobs/scope";
import { ConfirmError, ForbiddenError, NotFoundError, ValidationError } from "../errors";
import { reportById, toReportId, type ReportedHoursRow } from "./view";

/**
 * Who may do what with hours (spec §4, §6):
 * - report: the worker the application belongs to, a booker of the job, or the shift's crew boss;
 * - edit or delete a report: the same people while it is not approved, and a booker or an
 *   approver (project manager, the client's contact with approval_access) also afterwards;
 * - approve or disapprove: approvers only.
 */
export const mayReport = (r: Relation) => r.own || r.booker || r.crewBoss;
/** May change a report even once it is approved. */
export const managesHours = (r: Relation) => r.booker || r.approver;

/**
 * Who may report hours at all, before the body is read (issue 27): a booker, a worker (once
 * approved; its own shifts) or a crew boss (its crew's). Anyone else: 403 whatever was sent.
 */
export async function assertMayReportHours(ctx: Ctx): Promise<void> {
  const actor = requireUser(ctx);
  if (actor.permissions.has("jobs_book_workers")) return;
  if (actor.permissions.has("my_dashboard_access")) {
    requireApprovedUser(ctx);
    return;
  }
  if (!(await isCrewBossAnywhere(ctx, actor))) throw new ForbiddenError(CANNOT_REPORT);
}

const CANNOT_REPORT = "You cannot report hours for this worker.";

/** An application the actor may report hours for (404 without any tie, 403 otherwise). */
export async function applicationForReporting(ctx: Ctx, id: number): Promise<ApplicationRow> {
  requireUser(ctx);
  const app = await loadApplication(ctx.db, id);
  const r = await relationTo(ctx, app);
  assertRelated(r);
  if (!mayReport(r)) throw new ForbiddenError(CANNOT_REPORT);
  return app;
}

/** A report the actor may change, with the application it belongs to. */
export async function reportForChange(
  ctx: Ctx,
  reportId: unknown,
): Promise<{ report: ReportedHoursRow; app: ApplicationRow; manager: boolean }> {
  requireUser(ctx);
  const report = await reportById(ctx.db, toReportId(reportId));
  if (!report) throw new NotFoundError("Reported hours not found.");
  const app = await loadApplication(ctx.db, report.applicationId).catch((err: unknown) => {
    throw err instanceof NotFoundError ? new NotFoundError("Reported hours not found.") : err;
  });
  const r = await relationTo(ctx, app);
  try {
    assertRelated(r);
  } catch (err) {
    // The same answer as for an id that does not exist: someone else's report is not theirs to know.
    throw err instanceof NotFoundError ? new NotFoundError("Reported hours not found.") : err;
  }
  if (!mayReport(r) && !managesHours(r))
    throw new ForbiddenError("You cannot change the hours of this worker.");
  return { report, app, manager: managesHours(r) };
}

/** An application the actor may approve or disapprove (404 without any tie, 403 otherwise). */
export async function applicationForApproval(ctx: Ctx, id: unknown): Promise<ApplicationRow> {
  requireUser(ctx);
  const app = await loadApplication(ctx.db, id);
  const r = await relationTo(ctx, app);
  assertRelated(r);
  if (!r.approver) throw new ForbiddenError("You cannot approve hours on this job.");
  return app;
}

export const APPROVED_LOCKED =
  "Approved hours are locked. Ask your project manager to disapprove them first.";

/**
 * The instants of a report in the job's zone (overnight: an end before the start is the next
 * day). 422 on the field at fault; an end in the future cannot have been worked yet.
 */
export function placeTimes(
  start: string,
  end: string,
  app: ApplicationRow,
  now: Date,
): { start: Date; end: Date; minutes: number } {
  const t = resolveReportedTimes(start, end, app.startsAt, app.timeZone);
  if (!t.ok) throw new ValidationError(t.message, { [t.field]: [t.message] });
  if (t.end.getTime() > now.getTime()) {
    const message = "The end cannot be later than now.";
    throw new ValidationError(message, { end: [message] });
  }
  return t;
}

/**
 * 410 `hours_unusual` for a report far from the plan (issue 9), unless the caller repeats it
 * with `confirm_unusual`: the worker, and the office correcting it, are asked once.
 */
export function assertPlausible(
  times: { start: Date; end: Date },
  app: ApplicationRow,
  confirmed: boolean | undefined,
): void {
  if (confirmed) return;
  const unusual = unusualHours({ start: app.startsAt, end: app.endsAt }, times, app.timeZone);
  if (unusual)
    throw new ConfirmError(unusual.message, "hours_unusual", {
      difference: unusual.difference,
      difference_minutes: unusual.difference_minutes,
      reason: unusual.reason,
    });
}

/** A stored instant as the text a report accepts back ("DD/MM/YYYY HH:mm" in the job's zone). */
export const asInput = (date: Date, timeZone: string) => formatDateTime(date, timeZone);

export const describeTimes = (start: Date, end: Date, timeZone: string) =>
  formatRange(start, end, timeZone);
