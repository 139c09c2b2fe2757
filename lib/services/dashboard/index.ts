import { and, asc, count, eq, gt, gte, inArray, isNull, lt, ne, sql, type SQL } from "drizzle-orm";
import { schema } from "@/db";
import { requirePermission, requireUser, type Ctx } from "../context";
import { jobScope } from "../jobs/scope";
import { filledOfSlot } from "../jobs/list";
import { nextShift } from "../worker/shifts";
import { statusAsOfSql } from "../applications/as-of";

function jobScopeOf(ctx: Ctx): SQL {
  return jobScope(requireUser(ctx));
}

/** Live figures for /dashboard; every count respects the user's scope. */
export async function agencyDashboard(ctx: Ctx) {
  requirePermission(ctx, "dashboard_access");
  const actor = requireUser(ctx);
  const now = ctx.now;
  const weekAhead = new Date(now.getTime() + 7 * 86_400_000);
  const scope = jobScopeOf(ctx);

  const [upcomingJobs] = await ctx.db
    .select({ n: count() })
    .from(schema.jobs)
    .where(
      and(
        scope,
        gt(schema.jobs.endsAt, now),
        ne(schema.jobs.status, "Cancelled"),
        ne(schema.jobs.status, "Draft"),
      ),
    );

  const [shiftsThisWeek] = await ctx.db
    .select({ n: count() })
    .from(schema.shifts)
    .innerJoin(schema.jobs, eq(schema.jobs.id, schema.shifts.jobId))
    .where(
      and(
        scope,
        gte(schema.shifts.startsAt, now),
        lt(schema.shifts.startsAt, weekAhead),
        ne(schema.jobs.status, "Cancelled"),
        isNull(schema.shifts.deletedAt),
      ),
    );

  // Open positions on upcoming shifts: positions minus filled applications, per slot.
  const [positions] = await ctx.db
    .select({
      total: sql<number>`coalesce(sum(${schema.shiftSlots.positions}), 0)::int`,
      filled: sql<number>`coalesce(sum(least(${filledOfSlot}, ${schema.shiftSlots.positions})), 0)::int`,
    })
    .from(schema.shiftSlots)
    .innerJoin(schema.shifts, eq(schema.shifts.id, schema.shiftSlots.shiftId))
    .innerJoin(schema.jobs, eq(schema.jobs.id, schema.shifts.jobId))
    .where(
      and(
        scope,
        gte(schema.shifts.startsAt, now),
        eq(schema.jobs.status, "Published"),
        isNull(schema.shifts.deletedAt),
        isNull(schema.shiftSlots.deletedAt),
      ),
    );

  const [awaitingApproval] = await ctx.db
    .select({ n: count() })
    .from(schema.applications)
    .innerJoin(schema.shifts, eq(schema.shifts.id, schema.applications.shiftId))
    .innerJoin(schema.jobs, eq(schema.jobs.id, schema.shifts.jobId))
    .where(and(scope, eq(schema.applications.status, "Reported")));

  const applicants = actor.permissions.has("can_view_applicants_list")
    ? Number(
        (
          await ctx.db
            .select({ n: count() })
            .from(schema.users)
            .where(and(eq(schema.users.approved, false), isNull(schema.users.deletedAt)))
        )[0]?.n ?? 0,
      )
    : null;

  const nextShifts = await ctx.db
    .select({
      shiftId: schema.shifts.id,
      jobId: schema.jobs.id,
      jobName: schema.jobs.name,
      companyName: schema.companies.name,
      startsAt: schema.shifts.startsAt,
      endsAt: schema.shifts.endsAt,
      timeZone: schema.countries.timeZone,
    })
    .from(schema.shifts)
    .innerJoin(schema.jobs, eq(schema.jobs.id, schema.shifts.jobId))
    .innerJoin(schema.companies, eq(schema.companies.id, schema.jobs.companyId))
    .innerJoin(schema.countries, eq(schema.countries.id, schema.jobs.countryId))
    .where(
      and(
        scope,
        gt(schema.shifts.endsAt, now),
        eq(schema.jobs.status, "Published"),
        isNull(schema.shifts.deletedAt),
      ),
    )
    .orderBy(asc(schema.shifts.startsAt))
    .limit(5);

  return {
    upcomingJobs: Number(upcomingJobs?.n ?? 0),
    shiftsThisWeek: Number(shiftsThisWeek?.n ?? 0),
    openPositions: Number(positions?.total ?? 0) - Number(positions?.filled ?? 0),
    totalPositions: Number(positions?.total ?? 0),
    hoursAwaitingApproval: Number(awaitingApproval?.n ?? 0),
    applicantsAwaiting: applicants,
    nextShifts,
  };
}

/** Live figures for /my-dashboard: the worker's own shifts only. */
export async function workerDashboard(ctx: Ctx) {
  requirePermission(ctx, "my_dashboard_access");
  const actor = requireUser(ctx);
  const mine = eq(schema.applications.assigneeId, actor.userId);
  // Ended Booked shifts count as hours to report at once, not after the background sweep.
  const status = statusAsOfSql(ctx.now);
  const statusCounts = await ctx.db
    .select({ status, n: count() })
    .from(schema.applications)
    .innerJoin(schema.shifts, eq(schema.shifts.id, schema.applications.shiftId))
    .where(and(mine, gt(schema.shifts.endsAt, sql`${ctx.now}::timestamptz - interval '60 days'`)))
    // By position: the derived status holds a bound parameter, so PostgreSQL cannot match
    // a repeated expression to the selected one.
    .groupBy(sql`1`);
  const by = Object.fromEntries(statusCounts.map((r) => [r.status, Number(r.n)])) as Record<
    string,
    number
  >;

  const next = await nextShift(ctx);

  const [{ upcoming }] = await ctx.db
    .select({ upcoming: count() })
    .from(schema.applications)
    .innerJoin(schema.shifts, eq(schema.shifts.id, schema.applications.shiftId))
    .innerJoin(schema.jobs, eq(schema.jobs.id, schema.shifts.jobId))
    .where(
      and(
        mine,
        inArray(schema.applications.status, ["Booked", "Request accepted"]),
        gt(schema.shifts.startsAt, ctx.now),
        ne(schema.jobs.status, "Cancelled"),
        isNull(schema.jobs.deletedAt),
      ),
    );

  return {
    nextShift: next,
    upcomingBooked: Number(upcoming ?? 0),
    pending: (by["Applied"] ?? 0) + (by["Reserve"] ?? 0),
    requests: by["Requested"] ?? 0,
    toReport: by["Report!"] ?? 0,
    awaitingApproval: by["Reported"] ?? 0,
  };
}
