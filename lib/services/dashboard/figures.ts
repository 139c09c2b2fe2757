import { and, count, eq, gt, gte, isNull, lt, ne, sql, type SQL } from "drizzle-orm";
import { schema } from "@/db";
import type { Ctx, UserActor } from "../context";
import { filledOfSlot, jobStillStaffed, slotStartsSoon } from "../jobs/fill";

/**
 * The key figures of /dashboard, each in the user's job scope. Open positions and the jobs
 * filter `unfilled=1` share their rule (lib/services/jobs/fill.ts), so the figure and the list
 * behind it agree. Five statements whatever the data.
 */
export async function keyFigures(ctx: Ctx, actor: UserActor, scope: SQL) {
  const now = ctx.now;
  const weekAhead = new Date(now.getTime() + 7 * 86_400_000);

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

  // Positions minus filled applications, slot by slot, on shifts in the next 48 hours.
  const [positions] = await ctx.db
    .select({
      total: sql<number>`coalesce(sum(${schema.shiftSlots.positions}), 0)::int`,
      filled: sql<number>`coalesce(sum(least(${filledOfSlot}, ${schema.shiftSlots.positions})), 0)::int`,
    })
    .from(schema.shiftSlots)
    .innerJoin(schema.shifts, eq(schema.shifts.id, schema.shiftSlots.shiftId))
    .innerJoin(schema.jobs, eq(schema.jobs.id, schema.shifts.jobId))
    .where(and(scope, jobStillStaffed, slotStartsSoon(now)));

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

  return {
    upcomingJobs: Number(upcomingJobs?.n ?? 0),
    shiftsThisWeek: Number(shiftsThisWeek?.n ?? 0),
    openPositions: Number(positions?.total ?? 0) - Number(positions?.filled ?? 0),
    totalPositions: Number(positions?.total ?? 0),
    hoursAwaitingApproval: Number(awaitingApproval?.n ?? 0),
    applicantsAwaiting: applicants,
  };
}
