import { and, asc, eq, inArray, type SQL } from "drizzle-orm";
import { z } from "zod";
import { schema, type DbOrTx } from "@/db";
import {
  MATCH_RULE,
  MATCH_TOLERANCE_MINUTES,
  matchesPlan,
  reportsAndHours,
} from "@/lib/domain/hours-plan";
import { minutesAsHours } from "@/lib/domain/reported-hours";
import { isoInZone } from "@/lib/domain/time";
import { logActivity } from "../activity";
import { lockApplications } from "../applications/locks";
import { requirePermission, requireUser, withTx, type Ctx, type UserActor } from "../context";
import { AppError } from "../errors";
import { idSchema } from "../params";
import { parseInput } from "../validate";
import { storeClientPrices } from "../statistics/stored-prices";
import { approveApplication } from "./approve";
import { approvalsWhere } from "./filters";
import { approvalsListInput } from "./schemas";
import { minutesBetween } from "./view";

/** How many reports one "Approve all that match the plan" looks at. */
export const APPROVE_MATCHING_LIMIT = 500;

/** What the undo of an approval by the rule finds in its activity row. */
export const APPROVE_MATCHING_ACTION = "approve_matching";

/**
 * The approvals filters (job, company, shift dates); the tab is always "awaiting". Unlike the
 * list, which leaves an unknown filter out, this approves: a misspelt filter must be a 422,
 * not a wider set of approvals.
 */
const matchingFilter = approvalsListInput.shape.filter
  .unwrap()
  .unwrap()
  .strict()
  .optional()
  .default({ status: "awaiting" });

/** GET approvals/approve-matching: what the approval would do, over the list's filters. */
export const approveMatchingPreviewInput = z.object({ filter: matchingFilter }).strict();

/**
 * POST approvals/approve-matching. `application_ids` (optional) are the reports the preview
 * named: only those are approved, so a report sent in since the question was asked is not
 * approved without having been counted.
 */
export const approveMatchingInput = z
  .object({
    filter: matchingFilter,
    application_ids: z
      .array(idSchema, { error: "The application_ids field must be a list of ids." })
      .max(APPROVE_MATCHING_LIMIT, `At most ${APPROVE_MATCHING_LIMIT} reports at a time.`)
      .optional(),
  })
  .strict();

interface Candidate {
  id: number;
  workerId: number;
  workerName: string;
  jobId: number;
  jobName: string;
  startsAt: Date;
  endsAt: Date;
  hoursStart: Date;
  hoursEnd: Date;
  checkInAt: Date | null;
  timeZone: string;
}

/** The awaiting reports in the viewer's scope and filters (at most the limit), oldest first. */
function candidates(db: DbOrTx, where: SQL, ids?: number[]): Promise<Candidate[]> {
  return db
    .select({
      id: schema.applications.id,
      workerId: schema.users.id,
      workerName: schema.users.name,
      jobId: schema.jobs.id,
      jobName: schema.jobs.name,
      startsAt: schema.shifts.startsAt,
      endsAt: schema.shifts.endsAt,
      hoursStart: schema.reportedHours.startsAt,
      hoursEnd: schema.reportedHours.endsAt,
      checkInAt: schema.applications.checkInAt,
      timeZone: schema.countries.timeZone,
    })
    .from(schema.applications)
    .innerJoin(schema.users, eq(schema.users.id, schema.applications.assigneeId))
    .innerJoin(schema.shifts, eq(schema.shifts.id, schema.applications.shiftId))
    .innerJoin(schema.jobs, eq(schema.jobs.id, schema.shifts.jobId))
    .innerJoin(schema.countries, eq(schema.countries.id, schema.jobs.countryId))
    .innerJoin(schema.reportedHours, eq(schema.reportedHours.applicationId, schema.applications.id))
    .where(ids ? and(where, inArray(schema.applications.id, ids.length ? ids : [0])) : where)
    .orderBy(asc(schema.shifts.startsAt), asc(schema.applications.id))
    .limit(APPROVE_MATCHING_LIMIT);
}

/**
 * The one rule of the action, used by the preview and the approval alike: a report whose start
 * and end are each within 15 minutes of the plan, by a worker who checked in, is approved; one
 * that matches but has no check-in is listed apart (nothing on site confirms the times); the
 * others differ and wait for a look.
 */
function sortOut(rows: Candidate[]) {
  const out = { approvable: [] as Candidate[], withoutCheckIn: [] as Candidate[], differ: 0 };
  for (const r of rows) {
    const matches = matchesPlan(
      { start: r.startsAt, end: r.endsAt },
      { start: r.hoursStart, end: r.hoursEnd },
    );
    if (!matches) out.differ++;
    else if (r.checkInAt) out.approvable.push(r);
    else out.withoutCheckIn.push(r);
  }
  return out;
}

const minutesOf = (rows: Candidate[]) =>
  rows.reduce((sum, r) => sum + minutesBetween(r.hoursStart, r.hoursEnd), 0);

function scope(ctx: Ctx): { actor: UserActor } {
  requirePermission(ctx, "approval_access");
  return { actor: requireUser(ctx) };
}

export interface MatchingReport {
  id: number;
  worker: { id: number; name: string };
  job: { id: number; name: string };
  shift: { start: string; end: string };
  reported: { start: string; end: string };
  hours: number;
  time_zone: string;
}

export interface ApproveMatchingPreview {
  /** "start and end each within 15 minutes of the plan". */
  rule: string;
  tolerance_minutes: number;
  /** The reports the approval would approve, and their worked time. */
  count: number;
  minutes: number;
  hours: number;
  application_ids: number[];
  /** Reports that match the plan but have no check-in: listed apart, not approved by it. */
  without_check_in: MatchingReport[];
  /** Awaiting reports further from the plan: left for a look. */
  differ: number;
  /** More reports await than one action looks at: run it again afterwards. */
  limited: boolean;
  message: string;
}

const reportView = (r: Candidate): MatchingReport => ({
  id: r.id,
  worker: { id: r.workerId, name: r.workerName },
  job: { id: r.jobId, name: r.jobName },
  shift: { start: isoInZone(r.startsAt, r.timeZone), end: isoInZone(r.endsAt, r.timeZone) },
  reported: { start: isoInZone(r.hoursStart, r.timeZone), end: isoInZone(r.hoursEnd, r.timeZone) },
  hours: minutesAsHours(minutesBetween(r.hoursStart, r.hoursEnd)),
  time_zone: r.timeZone,
});

/**
 * GET approvals/approve-matching: what "Approve all that match the plan" would approve, and
 * what it would leave, without writing anything: the question the screen asks first.
 */
export async function previewApproveMatching(
  ctx: Ctx,
  raw: unknown,
): Promise<ApproveMatchingPreview> {
  const { actor } = scope(ctx);
  const { filter } = parseInput(approveMatchingPreviewInput, raw);
  const rows = await candidates(
    ctx.db,
    approvalsWhere(ctx, actor, { ...filter, status: "awaiting" }),
  );
  const { approvable, withoutCheckIn, differ } = sortOut(rows);
  const minutes = minutesOf(approvable);
  return {
    rule: MATCH_RULE,
    tolerance_minutes: MATCH_TOLERANCE_MINUTES,
    count: approvable.length,
    minutes,
    hours: minutesAsHours(minutes),
    application_ids: approvable.map((r) => r.id),
    without_check_in: withoutCheckIn.map(reportView),
    differ,
    limited: rows.length === APPROVE_MATCHING_LIMIT,
    message: approvable.length
      ? `Approve ${reportsAndHours(approvable.length, minutes)}: ${MATCH_RULE}?`
      : `No report waiting for approval has its ${MATCH_RULE} and a check-in.`,
  };
}

export interface ApproveMatchingResult {
  approved: number[];
  /** Reports the rule leaves for a look: further from the plan, or without a check-in. */
  left: number;
  /** Of those left: reports that match the plan but have no check-in. */
  without_check_in: number;
  failed: { id: number; message: string }[];
  minutes: number;
  hours: number;
  /** POST approvals/approve-matching/undo with this puts the approved reports back. */
  undo_activity_id: number | null;
  message: string;
}

/**
 * POST approvals/approve-matching: approves every awaiting report in the viewer's scope (and
 * the list's filters, and the preview's ids when given) that the rule approves (see
 * `sortOut`). One transaction: those reports are locked (jobs → slots → applications) and read
 * again under the locks, so each is approved only if it still matches; each approval is the single approve
 * verb in its own savepoint, which re-checks the viewer's right to approve that job and the
 * row's state, so a row refused does not undo the others. The activity row of the whole is the
 * undo's handle.
 */
export async function approveMatching(ctx: Ctx, raw: unknown): Promise<ApproveMatchingResult> {
  const { actor } = scope(ctx);
  const input = parseInput(approveMatchingInput, raw);
  const where = approvalsWhere(ctx, actor, { ...input.filter, status: "awaiting" });
  return withTx(ctx, async (ctx) => {
    const seen = await candidates(ctx.db, where);
    const first = sortOut(seen);
    const named = input.application_ids ? new Set(input.application_ids) : null;
    const picked = first.approvable.filter((r) => !named || named.has(r.id));
    const locked = await lockApplications(
      ctx,
      picked.map((r) => r.id),
    );
    // As they are now, under the locks: one corrected off the plan meanwhile is left.
    const { approvable } = sortOut(
      await candidates(
        ctx.db,
        where,
        locked.map((r) => r.id),
      ),
    );
    const approved: Candidate[] = [];
    const failed: { id: number; message: string }[] = [];
    const items: Record<string, unknown>[] = [];
    const reportIds: number[] = [];
    for (const r of [...approvable].sort((a, b) => a.id - b.id)) {
      try {
        const result = await approveApplication(ctx, r.id, {}, { storePrice: false });
        approved.push(r);
        if (result.reported_hours) reportIds.push(result.reported_hours.id);
        items.push({
          application_id: r.id,
          reported_hours_id: result.reported_hours?.id ?? null,
          from: "Reported",
        });
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        failed.push({ id: r.id, message: err.message });
      }
    }
    // The approved reports' client prices, in one go rather than ~6 statements a report.
    await storeClientPrices(ctx.db, reportIds);
    const minutes = minutesOf(approved);
    const what = reportsAndHours(approved.length, minutes);
    const undo = approved.length
      ? await logActivity(ctx, {
          logName: "hours",
          description: `Approved ${what} that match the plan (${MATCH_RULE})`,
          properties: { action: APPROVE_MATCHING_ACTION, rule: MATCH_RULE, minutes, items },
        })
      : null;
    return {
      approved: approved.map((r) => r.id),
      left: seen.length - approved.length - failed.length,
      without_check_in: first.withoutCheckIn.length,
      failed,
      minutes,
      hours: minutesAsHours(minutes),
      undo_activity_id: undo,
      message: approved.length ? `Approved ${what}` : "No report was approved.",
    };
  });
}
