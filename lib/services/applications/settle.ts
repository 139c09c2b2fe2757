import { and, count, eq, inArray, isNull, lte, max, sql, type SQL } from "drizzle-orm";
import { schema, sideBySide } from "@/db";
import { aggregateJobStatus, BOOKED_STATUSES } from "@/lib/domain/application-status";
import type { ApplicationStatus } from "@/lib/domain/statuses";
import type { TxCtx } from "../context";
import { logActivities, logActivity } from "../activity";

const a = schema.applications;
const s = schema.shifts;

/**
 * Once a shift has ended its Booked and Request accepted applications become Report! (spec
 * §4), and the jobs they belong to follow. Written by the background sweep for everything, and
 * by write verbs for the rows they are about to change (reporting or approving hours); reads
 * derive the same status instead (`statusAsOf`). Each change is logged once, by whoever writes
 * it. Returns the ids of the jobs whose applications changed.
 */
export async function settleEndedShifts(
  ctx: TxCtx,
  where: { jobIds?: number[]; assigneeId?: number; applicationIds?: number[] },
): Promise<number[]> {
  if (where.jobIds && !where.jobIds.length) return [];
  if (where.applicationIds && !where.applicationIds.length) return [];
  const conds: SQL[] = [
    inArray(a.status, [...BOOKED_STATUSES]),
    sql`${a.shiftId} in (select ${s.id} from ${s} where ${s.endsAt} <= ${ctx.now}${
      where.jobIds ? sql` and ${inArray(s.jobId, where.jobIds)}` : sql``
    })`,
  ];
  if (where.applicationIds) conds.push(inArray(a.id, where.applicationIds));
  if (where.assigneeId) conds.push(eq(a.assigneeId, where.assigneeId));
  const changed = await ctx.db
    .update(a)
    .set({ status: "Report!", updatedAt: ctx.now })
    .where(and(...conds))
    .returning({ id: a.id, shiftId: a.shiftId });
  return afterSettled(ctx, changed);
}

/** Logs each settled application and brings its job's status along. */
async function afterSettled(
  ctx: TxCtx,
  changed: { id: number; shiftId: number }[],
): Promise<number[]> {
  if (!changed.length) return [];
  const shifts = await ctx.db
    .select({ id: s.id, jobId: s.jobId })
    .from(s)
    .where(
      inArray(
        s.id,
        changed.map((c) => c.shiftId),
      ),
    );
  const jobOf = new Map(shifts.map((x) => [x.id, x.jobId]));
  await logActivities(
    ctx,
    changed.map((c) => ({
      logName: "applications",
      description: "The shift has ended: hours are due (Report!)",
      subjectType: "applications",
      subjectId: c.id,
      properties: { to: "Report!", shift_id: c.shiftId, job_id: jobOf.get(c.shiftId) ?? null },
    })),
  );
  const jobIds = [...new Set(shifts.map((x) => x.jobId))];
  await recomputeJobStatuses(ctx, jobIds);
  return jobIds;
}

/** Brings each job's status in line with its applications' hours (lib/domain). */
export async function recomputeJobStatuses(ctx: TxCtx, jobIds: number[]): Promise<void> {
  const ids = [...new Set(jobIds)];
  if (!ids.length) return;
  const [jobs, counts, ends] = await sideBySide(
    ctx.db,
    () =>
      ctx.db
        .select({ id: schema.jobs.id, name: schema.jobs.name, status: schema.jobs.status })
        .from(schema.jobs)
        .where(inArray(schema.jobs.id, ids)),
    () =>
      ctx.db
        .select({ jobId: s.jobId, status: a.status, n: count() })
        .from(a)
        .innerJoin(s, eq(s.id, a.shiftId))
        .where(and(inArray(s.jobId, ids), isNull(s.deletedAt)))
        .groupBy(s.jobId, a.status),
    () =>
      ctx.db
        .select({ jobId: s.jobId, last: max(s.endsAt) })
        .from(s)
        .where(and(inArray(s.jobId, ids), isNull(s.deletedAt)))
        .groupBy(s.jobId),
  );
  for (const job of jobs) {
    const byStatus: Partial<Record<ApplicationStatus, number>> = {};
    for (const c of counts) if (c.jobId === job.id) byStatus[c.status] = Number(c.n);
    const last = ends.find((e) => e.jobId === job.id)?.last;
    const allEnded = last != null && new Date(last).getTime() <= ctx.now.getTime();
    const next = aggregateJobStatus(job.status, byStatus, allEnded);
    if (next === job.status) continue;
    await ctx.db
      .update(schema.jobs)
      .set({ status: next, updatedAt: ctx.now })
      .where(eq(schema.jobs.id, job.id));
    await logActivity(ctx, {
      logName: "jobs",
      description: `Status of ${job.name} followed its hours from ${job.status} to ${next}`,
      subjectType: "jobs",
      subjectId: job.id,
      properties: { from: job.status, to: next },
    });
  }
}

const SWEEP_JOBS = 50;

/**
 * The background sweep: ended shifts everywhere, a batch of jobs per call. Several app
 * instances may sweep at once: each claims its jobs and then their applications with
 * `SKIP LOCKED` (job rows first, the lock order every verb follows), so none waits for another
 * or for a verb that holds them; what is skipped is swept on the next round.
 */
export async function sweepEndedShifts(ctx: TxCtx): Promise<number> {
  const due = await ctx.db
    .select({ id: schema.jobs.id })
    .from(schema.jobs)
    .where(
      sql`exists (select 1 from ${a} inner join ${s} on ${s.id} = ${a.shiftId} where ${s.jobId} = ${schema.jobs.id} and ${inArray(a.status, [...BOOKED_STATUSES])} and ${lte(s.endsAt, ctx.now)})`,
    )
    .orderBy(schema.jobs.id)
    .limit(SWEEP_JOBS)
    .for("no key update", { skipLocked: true });
  if (!due.length) return 0;
  const claimed = await ctx.db
    .select({ id: a.id })
    .from(a)
    .innerJoin(s, eq(s.id, a.shiftId))
    .where(
      and(
        inArray(
          s.jobId,
          due.map((d) => d.id),
        ),
        inArray(a.status, [...BOOKED_STATUSES]),
        lte(s.endsAt, ctx.now),
      ),
    )
    .orderBy(a.id)
    .for("update", { of: a, skipLocked: true });
  if (!claimed.length) return 0;
  const changed = await ctx.db
    .update(a)
    .set({ status: "Report!", updatedAt: ctx.now })
    .where(
      and(
        inArray(
          a.id,
          claimed.map((c) => c.id),
        ),
        inArray(a.status, [...BOOKED_STATUSES]),
      ),
    )
    .returning({ id: a.id, shiftId: a.shiftId });
  return (await afterSettled(ctx, changed)).length;
}
