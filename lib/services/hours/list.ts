import { and, count, desc, eq, isNull, sql } from "drizzle-orm";
import { schema, sideBySide } from "@/db";
import { HOURS_STATUSES, statusAsOf } from "@/lib/domain/application-status";
import {
  differenceMinutes,
  formatDifference,
  matchesPlan,
  unusualHours,
} from "@/lib/domain/hours-plan";
import { minutesAsHours } from "@/lib/domain/reported-hours";
import type { ApplicationStatus } from "@/lib/domain/statuses";
import { isoInZone } from "@/lib/domain/time";
import { inCompanyScope } from "../applications/access";
import { statusInAsOf } from "../applications/as-of";
import { requirePermission, requireUser, type Ctx } from "../context";
import { jobScope } from "../jobs/scope";
import { cappedPageMeta, countWindow, offsetOf, type Page } from "../pagination";
import { parseInput } from "../validate";
import { lastHoursChanges, type HoursChange } from "./changes";
import { approvalsWhere, bossOf } from "./filters";
import { approvalsListInput } from "./schemas";
import { minutesBetween } from "./view";

/** One row of the approvals list: an application with hours due, reported or approved. */
export interface ApprovalRow {
  id: number;
  status: ApplicationStatus;
  worker: { id: number; name: string };
  job: { id: number; name: string };
  company: { id: number; name: string };
  shift: { id: number; start: string; end: string };
  shift_slot_id: number;
  skill: { id: number; name: string };
  reported_hours: {
    id: number;
    start: string;
    end: string;
    minutes: number;
    hours: number;
    i_was_late: 0 | 1;
    /** The worker's comment, and the office's beside it (a correction never overwrites). */
    comment: string | null;
    office_comment: string | null;
    created_by: { id: number; name: string } | null;
    approved_at: string | null;
    /** Reported minus planned worked time: minutes and "+0:45" / "−0:25". */
    difference_minutes: number;
    difference: string;
    /** Start and end each within 15 minutes of the plan ("Approve all that match"). */
    matches_plan: boolean;
    /** More than 2 hours off the plan, or a day shift ending the next day. */
    unusual: boolean;
    /** The latest correction (who changed the times from what to what), if any. */
    last_change: HoursChange | null;
  } | null;
  check_in_at: string | null;
  check_out_at: string | null;
  time_zone: string;
  /** The viewer may enter hours on the worker's behalf (a booker, or the shift's crew boss). */
  can_report: boolean;
}

/**
 * GET approvals: the applications whose hours wait for approval (awaiting: Reported), are
 * missing (Report!, also a held place whose shift has just ended) or were approved, newest
 * shift first. Two queries (page and count) whatever the page size, and no writes. The total
 * is exact up to ten pages past this one, a floor after that (`total_capped`: "of 110+").
 */
export async function listApprovals(ctx: Ctx, raw: unknown): Promise<Page<ApprovalRow>> {
  requirePermission(ctx, "approval_access");
  const actor = requireUser(ctx);
  const input = parseInput(approvalsListInput, raw);
  const where = approvalsWhere(ctx, actor, input.filter);

  // Counted ten pages past this one only (countWindow): 23,000 reports wait at scale and the
  // Approved tab holds every approved one ever (half a million); each counted row is a shift
  // and a job looked up, so a count to COUNT_CAP cost more than the page.
  const window = countWindow(input.page, input.perPage);
  const counted = ctx.db.select({ total: count() }).from(
    ctx.db
      .select({ one: sql`1` })
      .from(schema.applications)
      .innerJoin(schema.shifts, eq(schema.shifts.id, schema.applications.shiftId))
      .innerJoin(schema.jobs, eq(schema.jobs.id, schema.shifts.jobId))
      .innerJoin(schema.countries, eq(schema.countries.id, schema.jobs.countryId))
      .where(where)
      .limit(window + 1)
      .as("capped"),
  );

  // Only the tables the filters and the order need are joined; the names around each row come
  // from scalar subselects, evaluated for the page's rows alone. Joining all ten tables made
  // PostgreSQL weigh their join orders on every call: on the demo data planning took ~50 ms
  // against ~1 ms to run the query (now ~1 ms each).
  const paged = ctx.db
    .select({
      id: schema.applications.id,
      status: schema.applications.status,
      workerId: schema.applications.assigneeId,
      workerName: sql<string>`(select ${schema.users.name} from ${schema.users} where ${schema.users.id} = ${schema.applications.assigneeId})`,
      jobId: schema.jobs.id,
      jobName: schema.jobs.name,
      companyId: schema.jobs.companyId,
      companyName: sql<string>`(select ${schema.companies.name} from ${schema.companies} where ${schema.companies.id} = ${schema.jobs.companyId})`,
      shiftId: schema.shifts.id,
      startsAt: schema.shifts.startsAt,
      endsAt: schema.shifts.endsAt,
      slotId: schema.applications.shiftSlotId,
      skill: sql<{
        id: number;
        name: string;
      }>`(select json_build_object('id', sk.id, 'name', sk.name) from ${schema.shiftSlots} ss join ${schema.skills} sk on sk.id = ss.skill_id where ss.id = ${schema.applications.shiftSlotId})`,
      checkInAt: schema.applications.checkInAt,
      checkOutAt: schema.applications.checkOutAt,
      timeZone: schema.countries.timeZone,
      hoursId: schema.reportedHours.id,
      hoursStart: schema.reportedHours.startsAt,
      hoursEnd: schema.reportedHours.endsAt,
      iWasLate: schema.reportedHours.iWasLate,
      comment: schema.reportedHours.comment,
      officeComment: schema.reportedHours.officeComment,
      createdById: schema.reportedHours.createdById,
      approvedAt: schema.reportedHours.approvedAt,
      creatorName: sql<
        string | null
      >`(select c.name from ${schema.users} c where c.id = ${schema.reportedHours.createdById})`,
      crewBoss: bossOf(actor.userId),
    })
    .from(schema.applications)
    .innerJoin(schema.shifts, eq(schema.shifts.id, schema.applications.shiftId))
    .innerJoin(schema.jobs, eq(schema.jobs.id, schema.shifts.jobId))
    .innerJoin(schema.countries, eq(schema.countries.id, schema.jobs.countryId))
    .leftJoin(schema.reportedHours, eq(schema.reportedHours.applicationId, schema.applications.id))
    .where(where)
    // The shift's start as the application carries it (migration 0031, kept by triggers): one
    // status is then read along its index, newest first, and the page stops at its LIMIT.
    .orderBy(desc(schema.applications.shiftStartsAt), desc(schema.applications.id))
    .limit(input.perPage)
    .offset(offsetOf(input.page, input.perPage));

  const [[{ total }], rows] = await sideBySide(
    ctx.db,
    () => counted,
    () => paged,
  );
  const booker = actor.permissions.has("jobs_book_workers");
  const changes = await lastHoursChanges(
    ctx.db,
    rows.filter((r) => r.hoursId).map((r) => ({ id: r.id, timeZone: r.timeZone })),
  );

  const items = rows.map((r): ApprovalRow => {
    const tz = r.timeZone;
    const minutes = r.hoursStart && r.hoursEnd ? minutesBetween(r.hoursStart, r.hoursEnd) : 0;
    const planned = { start: r.startsAt, end: r.endsAt };
    const reported = r.hoursStart && r.hoursEnd ? { start: r.hoursStart, end: r.hoursEnd } : null;
    return {
      id: r.id,
      status: statusAsOf(r.status, r.endsAt, ctx.now),
      worker: { id: r.workerId, name: r.workerName },
      job: { id: r.jobId, name: r.jobName },
      company: { id: r.companyId, name: r.companyName },
      shift: { id: r.shiftId, start: isoInZone(r.startsAt, tz), end: isoInZone(r.endsAt, tz) },
      shift_slot_id: r.slotId,
      skill: { id: r.skill.id, name: r.skill.name },
      reported_hours:
        r.hoursId && reported
          ? {
              id: r.hoursId,
              start: isoInZone(reported.start, tz),
              end: isoInZone(reported.end, tz),
              minutes,
              hours: minutesAsHours(minutes),
              i_was_late: r.iWasLate ? 1 : 0,
              comment: r.comment,
              office_comment: r.officeComment,
              created_by: r.createdById ? { id: r.createdById, name: r.creatorName ?? "" } : null,
              approved_at: r.approvedAt ? isoInZone(r.approvedAt, tz) : null,
              difference_minutes: differenceMinutes(planned, reported),
              difference: formatDifference(differenceMinutes(planned, reported)),
              matches_plan: matchesPlan(planned, reported),
              unusual: unusualHours(planned, reported, tz) !== null,
              last_change: changes.get(r.id) ?? null,
            }
          : null,
      check_in_at: r.checkInAt ? isoInZone(r.checkInAt, tz) : null,
      check_out_at: r.checkOutAt ? isoInZone(r.checkOutAt, tz) : null,
      time_zone: tz,
      can_report: Boolean(r.crewBoss) || (booker && inCompanyScope(actor, r.companyId)),
    };
  });
  return { items, meta: cappedPageMeta(input.page, input.perPage, Number(total), window) };
}

/**
 * The choices of the approvals filters: the latest jobs (and their companies) that have hours
 * due, reported or approved in the viewer's scope. One query.
 */
export async function approvalFilterOptions(
  ctx: Ctx,
): Promise<{ jobs: { id: number; name: string }[]; companies: { id: number; name: string }[] }> {
  requirePermission(ctx, "approval_access");
  const actor = requireUser(ctx);
  const rows = await ctx.db
    .select({
      id: schema.jobs.id,
      name: schema.jobs.name,
      companyId: schema.companies.id,
      companyName: schema.companies.name,
      startsAt: schema.jobs.startsAt,
    })
    .from(schema.jobs)
    .innerJoin(schema.companies, eq(schema.companies.id, schema.jobs.companyId))
    .where(
      and(
        isNull(schema.jobs.deletedAt),
        sql`exists (select 1 from ${schema.applications} inner join ${schema.shifts} on ${schema.shifts.id} = ${schema.applications.shiftId} where ${schema.shifts.jobId} = ${schema.jobs.id} and ${statusInAsOf(HOURS_STATUSES, ctx.now)} and ${
          actor.permissions.has("job_view")
            ? sql`(${jobScope(actor)} or ${bossOf(actor.userId)})`
            : bossOf(actor.userId)
        })`,
      ),
    )
    .orderBy(desc(schema.jobs.startsAt), desc(schema.jobs.id))
    .limit(200);
  const companies = new Map<number, string>();
  for (const r of rows) companies.set(r.companyId, r.companyName);
  return {
    jobs: rows.map((r) => ({ id: r.id, name: r.name })),
    companies: [...companies]
      .map(([id, name]) => ({ id, name }))
      .sort((a, b) => a.name.localeCompare(b.name)),
  };
}
