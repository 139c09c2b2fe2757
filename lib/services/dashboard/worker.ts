import { and, count, eq, gt, inArray, ne, sql } from "drizzle-orm";
import { schema } from "@/db";
import { requirePermission, requireUser, type Ctx } from "../context";
import { nextShift, shiftsToReport } from "../worker/shifts";
import { statusAsOfSql } from "../applications/as-of";
import { liveJobOfShift, liveShiftOfApplication } from "../applications/on-live-shifts";

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
  // The Past tab's badge: the very count its "To report" list shows.
  const toReport = await shiftsToReport(ctx);

  const [{ upcoming }] = await ctx.db
    .select({ upcoming: count() })
    .from(schema.applications)
    .innerJoin(schema.shifts, liveShiftOfApplication)
    .innerJoin(schema.jobs, liveJobOfShift)
    .where(
      and(
        mine,
        inArray(schema.applications.status, ["Booked", "Request accepted"]),
        gt(schema.shifts.startsAt, ctx.now),
        ne(schema.jobs.status, "Cancelled"),
      ),
    );

  return {
    nextShift: next,
    upcomingBooked: Number(upcoming ?? 0),
    pending: (by["Applied"] ?? 0) + (by["Reserve"] ?? 0),
    requests: by["Requested"] ?? 0,
    toReport,
    awaitingApproval: by["Reported"] ?? 0,
  };
}
