import { and, count, desc, eq, isNull, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { schema } from "@/db";
import { HOURS_STATUSES, statusAsOf } from "@/lib/domain/application-status";
import { parseDate } from "@/lib/domain/format";
import { minutesAsHours } from "@/lib/domain/reported-hours";
import type { ApplicationStatus } from "@/lib/domain/statuses";
import { addDays, isoInZone } from "@/lib/domain/time";
import { inCompanyScope } from "../applications/access";
import { statusInAsOf } from "../applications/as-of";
import { requirePermission, requireUser, type Ctx, type UserActor } from "../context";
import { ValidationError } from "../errors";
import { jobScope } from "../jobs/scope";
import { offsetOf, pageMeta, type Page } from "../pagination";
import { parseInput } from "../validate";
import { APPROVAL_TABS, approvalsListInput } from "./schemas";
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
    comment: string | null;
    created_by: { id: number; name: string } | null;
    approved_at: string | null;
  } | null;
  check_in_at: string | null;
  time_zone: string;
  /** The viewer may enter hours on the worker's behalf (a booker, or the shift's crew boss). */
  can_report: boolean;
}

// pg-core `alias` (not aliasedTable): its type keeps the alias name, so joining users twice types.
const creators = alias(schema.users, "hours_creator");

/** Crew boss of the row's shift: `approval_access` without `job_view` reaches only these. */
const bossOf = (userId: number) =>
  sql<boolean>`exists (select 1 from ${schema.shiftCrewBosses} where ${schema.shiftCrewBosses.shiftId} = ${schema.shifts.id} and ${schema.shiftCrewBosses.userId} = ${userId})`;

/** What an approver may see: the jobs of their scope, and the shifts they lead as crew boss. */
function approvalScope(actor: UserActor): SQL {
  const byJobs = actor.permissions.has("job_view") ? jobScope(actor) : undefined;
  return and(isNull(schema.jobs.deletedAt), or(byJobs, bossOf(actor.userId)))!;
}

/** A DD/MM/YYYY day as the instant it starts in the row's job zone (SQL), or 422. */
function dayStart(value: string, field: "from" | "to", nextDay = false): SQL {
  let d = parseDate(value);
  if (!d) {
    const message = "Use a real date as DD/MM/YYYY.";
    throw new ValidationError(message, { [`filter.${field}`]: [message] });
  }
  if (nextDay) d = addDays(d, 1);
  const local = `${d.year}-${String(d.month).padStart(2, "0")}-${String(d.day).padStart(2, "0")} 00:00:00`;
  return sql`(${local}::timestamp at time zone ${schema.countries.timeZone})`;
}

/**
 * GET approvals: the applications whose hours wait for approval (awaiting: Reported), are
 * missing (Report!, also a held place whose shift has just ended) or were approved, newest
 * shift first. Two queries (page and count) whatever the page size, and no writes.
 */
export async function listApprovals(ctx: Ctx, raw: unknown): Promise<Page<ApprovalRow>> {
  requirePermission(ctx, "approval_access");
  const actor = requireUser(ctx);
  const input = parseInput(approvalsListInput, raw);
  const f = input.filter;
  const status = APPROVAL_TABS[f.status];
  const from = f.from ? dayStart(f.from, "from") : undefined;
  const to = f.to ? dayStart(f.to, "to", true) : undefined;
  if (f.from && f.to) {
    const a = parseDate(f.from)!;
    const b = parseDate(f.to)!;
    if (a.year * 10_000 + a.month * 100 + a.day > b.year * 10_000 + b.month * 100 + b.day) {
      const message = "The end date must not be before the start date.";
      throw new ValidationError(message, { "filter.to": [message] });
    }
  }
  const scope = approvalScope(actor);

  const where = and(
    scope,
    statusInAsOf([status], ctx.now),
    isNull(schema.shifts.deletedAt),
    f.job_id ? eq(schema.jobs.id, f.job_id) : undefined,
    f.company_id ? eq(schema.jobs.companyId, f.company_id) : undefined,
    from ? sql`${schema.shifts.startsAt} >= ${from}` : undefined,
    to ? sql`${schema.shifts.startsAt} < ${to}` : undefined,
  );

  const counted = ctx.db
    .select({ total: count() })
    .from(schema.applications)
    .innerJoin(schema.shifts, eq(schema.shifts.id, schema.applications.shiftId))
    .innerJoin(schema.jobs, eq(schema.jobs.id, schema.shifts.jobId))
    .innerJoin(schema.countries, eq(schema.countries.id, schema.jobs.countryId))
    .where(where);

  const paged = ctx.db
    .select({
      id: schema.applications.id,
      status: schema.applications.status,
      workerId: schema.users.id,
      workerName: schema.users.name,
      jobId: schema.jobs.id,
      jobName: schema.jobs.name,
      companyId: schema.companies.id,
      companyName: schema.companies.name,
      shiftId: schema.shifts.id,
      startsAt: schema.shifts.startsAt,
      endsAt: schema.shifts.endsAt,
      slotId: schema.shiftSlots.id,
      skillId: schema.skills.id,
      skillName: schema.skills.name,
      checkInAt: schema.applications.checkInAt,
      timeZone: schema.countries.timeZone,
      hoursId: schema.reportedHours.id,
      hoursStart: schema.reportedHours.startsAt,
      hoursEnd: schema.reportedHours.endsAt,
      iWasLate: schema.reportedHours.iWasLate,
      comment: schema.reportedHours.comment,
      createdById: schema.reportedHours.createdById,
      approvedAt: schema.reportedHours.approvedAt,
      creatorName: creators.name,
      crewBoss: bossOf(actor.userId),
    })
    .from(schema.applications)
    .innerJoin(schema.users, eq(schema.users.id, schema.applications.assigneeId))
    .innerJoin(schema.shiftSlots, eq(schema.shiftSlots.id, schema.applications.shiftSlotId))
    .innerJoin(schema.skills, eq(schema.skills.id, schema.shiftSlots.skillId))
    .innerJoin(schema.shifts, eq(schema.shifts.id, schema.applications.shiftId))
    .innerJoin(schema.jobs, eq(schema.jobs.id, schema.shifts.jobId))
    .innerJoin(schema.companies, eq(schema.companies.id, schema.jobs.companyId))
    .innerJoin(schema.countries, eq(schema.countries.id, schema.jobs.countryId))
    .leftJoin(schema.reportedHours, eq(schema.reportedHours.applicationId, schema.applications.id))
    .leftJoin(creators, eq(creators.id, schema.reportedHours.createdById))
    .where(where)
    .orderBy(desc(schema.shifts.startsAt), desc(schema.applications.id))
    .limit(input.perPage)
    .offset(offsetOf(input.page, input.perPage));

  const [[{ total }], rows] = await Promise.all([counted, paged]);
  const booker = actor.permissions.has("jobs_book_workers");

  const items = rows.map((r): ApprovalRow => {
    const tz = r.timeZone;
    const minutes = r.hoursStart && r.hoursEnd ? minutesBetween(r.hoursStart, r.hoursEnd) : 0;
    return {
      id: r.id,
      status: statusAsOf(r.status, r.endsAt, ctx.now),
      worker: { id: r.workerId, name: r.workerName },
      job: { id: r.jobId, name: r.jobName },
      company: { id: r.companyId, name: r.companyName },
      shift: { id: r.shiftId, start: isoInZone(r.startsAt, tz), end: isoInZone(r.endsAt, tz) },
      shift_slot_id: r.slotId,
      skill: { id: r.skillId, name: r.skillName },
      reported_hours:
        r.hoursId && r.hoursStart && r.hoursEnd
          ? {
              id: r.hoursId,
              start: isoInZone(r.hoursStart, tz),
              end: isoInZone(r.hoursEnd, tz),
              minutes,
              hours: minutesAsHours(minutes),
              i_was_late: r.iWasLate ? 1 : 0,
              comment: r.comment,
              created_by: r.createdById ? { id: r.createdById, name: r.creatorName ?? "" } : null,
              approved_at: r.approvedAt ? isoInZone(r.approvedAt, tz) : null,
            }
          : null,
      check_in_at: r.checkInAt ? isoInZone(r.checkInAt, tz) : null,
      time_zone: tz,
      can_report: Boolean(r.crewBoss) || (booker && inCompanyScope(actor, r.companyId)),
    };
  });
  return { items, meta: pageMeta(input.page, input.perPage, Number(total)) };
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
