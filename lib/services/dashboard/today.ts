import { and, asc, desc, eq, gt, gte, isNotNull, isNull, lte, sql, type SQL } from "drizzle-orm";
import { schema } from "@/db";
import { BOOKED_STATUSES } from "@/lib/domain/application-status";
import { CHECK_IN_GRACE_MINUTES, lateMinutes } from "@/lib/domain/lateness";
import type { Ctx } from "../context";
import { statusInAsOf } from "../applications/as-of";
import { filledOfSlot, jobStillStaffed } from "../jobs/fill";

/** At most this many shifts in each list and this many alert lines of each kind. */
export const TODAY_LIMIT = 20;
export const ALERT_LIMIT = 50;

const HOUR = 3_600_000;
const MINUTE = 60_000;

export interface DashboardShift {
  shiftId: number;
  jobId: number;
  jobName: string;
  companyName: string;
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
  positions: number;
  filled: number;
  /** Under way at `now`. */
  running: boolean;
}

/** A booked worker who has not checked in 15 minutes after the start of a running shift. */
export interface NotCheckedIn {
  applicationId: number;
  workerId: number;
  workerName: string;
  phone: string | null;
  shiftId: number;
  jobId: number;
  jobName: string;
  startsAt: Date;
  timeZone: string;
  minutesLate: number;
}

/** A worker who checked in after the start of one of today's shifts. */
export interface LateCheckIn {
  applicationId: number;
  workerId: number;
  workerName: string;
  shiftId: number;
  jobId: number;
  jobName: string;
  startsAt: Date;
  checkInAt: Date;
  timeZone: string;
  minutesLate: number;
}

const tz = schema.countries.timeZone;
/** Midnight starting the local day `days` after today's, in the job's country zone. */
const localMidnight = (now: Date, days: number) =>
  sql`((date_trunc('day', ${now}::timestamptz at time zone ${tz}) + make_interval(days => ${days}::int)) at time zone ${tz})`;

/** Shifts of jobs in scope with their fill, in start order; one grouped statement. */
async function shiftsWithFill(
  ctx: Ctx,
  scope: SQL,
  where: SQL,
  opts: { notFull?: boolean } = {},
): Promise<DashboardShift[]> {
  const positions = sql<number>`coalesce(sum(${schema.shiftSlots.positions}), 0)::int`;
  const filled = sql<number>`coalesce(sum(least(${filledOfSlot}, ${schema.shiftSlots.positions})), 0)::int`;
  const rows = await ctx.db
    .select({
      shiftId: schema.shifts.id,
      jobId: schema.jobs.id,
      jobName: schema.jobs.name,
      companyName: schema.companies.name,
      startsAt: schema.shifts.startsAt,
      endsAt: schema.shifts.endsAt,
      timeZone: tz,
      positions,
      filled,
    })
    .from(schema.shifts)
    .innerJoin(schema.jobs, eq(schema.jobs.id, schema.shifts.jobId))
    .innerJoin(schema.companies, eq(schema.companies.id, schema.jobs.companyId))
    .innerJoin(schema.countries, eq(schema.countries.id, schema.jobs.countryId))
    .leftJoin(
      schema.shiftSlots,
      and(eq(schema.shiftSlots.shiftId, schema.shifts.id), isNull(schema.shiftSlots.deletedAt)),
    )
    .where(and(scope, jobStillStaffed, isNull(schema.shifts.deletedAt), where))
    .groupBy(schema.shifts.id, schema.jobs.id, schema.companies.name, tz)
    .having(opts.notFull ? sql`${filled} < ${positions}` : undefined)
    .orderBy(asc(schema.shifts.startsAt), asc(schema.shifts.id))
    .limit(TODAY_LIMIT);
  return rows.map((r) => ({
    ...r,
    positions: Number(r.positions),
    filled: Number(r.filled),
    running: r.startsAt.getTime() <= ctx.now.getTime(),
  }));
}

/**
 * "Today and tomorrow" on /dashboard (issue 9): the running shifts and those starting before
 * the end of tomorrow in the job's zone, with their fill; the shifts starting within 24 hours
 * that are not full; booked workers not checked in 15 minutes after the start (with their
 * phone: they are booked on jobs in the viewer's scope); and workers who checked in late on
 * today's shifts. Four statements, each bounded; nothing is written (the status of a place
 * whose shift has ended is read as of `now`).
 */
export async function todayAndTomorrow(ctx: Ctx, scope: SQL) {
  const now = ctx.now;
  const shifts = await shiftsWithFill(
    ctx,
    scope,
    and(
      gt(schema.shifts.endsAt, now),
      // The coarse bound lets the index on starts_at answer; the zone decides exactly.
      sql`${schema.shifts.startsAt} < ${new Date(now.getTime() + 50 * HOUR)}`,
      sql`${schema.shifts.startsAt} < ${localMidnight(now, 2)}`,
    )!,
  );

  const notFullSoon = await shiftsWithFill(
    ctx,
    scope,
    and(
      gt(schema.shifts.startsAt, now),
      lte(schema.shifts.startsAt, new Date(now.getTime() + 24 * HOUR)),
    )!,
    { notFull: true },
  );

  const base = () =>
    ctx.db
      .select({
        applicationId: schema.applications.id,
        workerId: schema.users.id,
        workerName: schema.users.name,
        phone: schema.users.phone,
        shiftId: schema.shifts.id,
        jobId: schema.jobs.id,
        jobName: schema.jobs.name,
        startsAt: schema.shifts.startsAt,
        checkInAt: schema.applications.checkInAt,
        timeZone: tz,
      })
      .from(schema.applications)
      .innerJoin(schema.shifts, eq(schema.shifts.id, schema.applications.shiftId))
      .innerJoin(schema.jobs, eq(schema.jobs.id, schema.shifts.jobId))
      .innerJoin(schema.countries, eq(schema.countries.id, schema.jobs.countryId))
      .innerJoin(schema.users, eq(schema.users.id, schema.applications.assigneeId));

  const missing = await base()
    .where(
      and(
        scope,
        jobStillStaffed,
        isNull(schema.shifts.deletedAt),
        // Still holding the place as of now: Booked or Request accepted on a running shift.
        statusInAsOf(BOOKED_STATUSES, now),
        isNull(schema.applications.checkInAt),
        lte(schema.shifts.startsAt, new Date(now.getTime() - CHECK_IN_GRACE_MINUTES * MINUTE)),
      ),
    )
    .orderBy(asc(schema.shifts.startsAt), asc(schema.users.name), asc(schema.applications.id))
    .limit(ALERT_LIMIT);

  const late = await base()
    .where(
      and(
        scope,
        jobStillStaffed,
        isNull(schema.shifts.deletedAt),
        isNotNull(schema.applications.checkInAt),
        // A whole minute after the start at least (lateMinutes rounds down).
        sql`${schema.applications.checkInAt} >= ${schema.shifts.startsAt} + interval '1 minute'`,
        // Today's shifts: started, and not ended before today began in the job's zone.
        lte(schema.shifts.startsAt, now),
        gt(schema.shifts.endsAt, new Date(now.getTime() - 48 * HOUR)),
        gte(schema.shifts.endsAt, localMidnight(now, 0)),
      ),
    )
    .orderBy(desc(schema.applications.checkInAt), asc(schema.applications.id))
    .limit(ALERT_LIMIT);

  return {
    shifts,
    notFullSoon,
    notCheckedIn: missing.map(({ checkInAt: _, ...r }): NotCheckedIn => ({
      ...r,
      minutesLate: lateMinutes(r.startsAt, now),
    })),
    lateCheckIns: late.map(({ phone: _, ...r }): LateCheckIn => ({
      ...r,
      checkInAt: r.checkInAt!,
      minutesLate: lateMinutes(r.startsAt, r.checkInAt!),
    })),
  };
}
