import { and, count, eq, inArray, isNull, lte, max, sql, type SQL } from "drizzle-orm";
import { schema, type DbOrTx } from "@/db";
import { aggregateJobStatus } from "@/lib/domain/application-status";
import type { ApplicationStatus } from "@/lib/domain/statuses";
import type { Ctx } from "../context";
import { logActivity } from "../activity";

/**
 * Once a shift has ended its Booked and Request accepted applications become Report! (spec
 * §4), and the jobs they belong to follow. Run by the background sweep for everything, and
 * by the verbs and lists that show hours for just the rows they touch, so a screen never
 * waits for the sweep. Returns the ids of the jobs whose applications changed.
 */
export async function settleEndedShifts(
  tx: DbOrTx,
  ctx: Ctx,
  where: { jobIds?: number[]; assigneeId?: number; applicationIds?: number[] } = {},
): Promise<number[]> {
  const conds: SQL[] = [
    inArray(schema.applications.status, ["Booked", "Request accepted"]),
    sql`${schema.applications.shiftId} in (select ${schema.shifts.id} from ${schema.shifts} where ${schema.shifts.endsAt} <= ${ctx.now}${
      where.jobIds ? sql` and ${inArray(schema.shifts.jobId, where.jobIds)}` : sql``
    })`,
  ];
  if (where.jobIds && !where.jobIds.length) return [];
  if (where.applicationIds) {
    if (!where.applicationIds.length) return [];
    conds.push(inArray(schema.applications.id, where.applicationIds));
  }
  if (where.assigneeId) conds.push(eq(schema.applications.assigneeId, where.assigneeId));
  const changed = await tx
    .update(schema.applications)
    .set({ status: "Report!", updatedAt: ctx.now })
    .where(and(...conds))
    .returning({ shiftId: schema.applications.shiftId });
  if (!changed.length) return [];
  const jobs = await tx
    .selectDistinct({ jobId: schema.shifts.jobId })
    .from(schema.shifts)
    .where(
      inArray(
        schema.shifts.id,
        changed.map((c) => c.shiftId),
      ),
    );
  const jobIds = jobs.map((j) => j.jobId);
  await recomputeJobStatuses(tx, ctx, jobIds);
  return jobIds;
}

/** Brings each job's status in line with its applications' hours (lib/domain). */
export async function recomputeJobStatuses(tx: DbOrTx, ctx: Ctx, jobIds: number[]): Promise<void> {
  const ids = [...new Set(jobIds)];
  if (!ids.length) return;
  const [jobs, counts, ends] = await Promise.all([
    tx
      .select({ id: schema.jobs.id, name: schema.jobs.name, status: schema.jobs.status })
      .from(schema.jobs)
      .where(inArray(schema.jobs.id, ids)),
    tx
      .select({ jobId: schema.shifts.jobId, status: schema.applications.status, n: count() })
      .from(schema.applications)
      .innerJoin(schema.shifts, eq(schema.shifts.id, schema.applications.shiftId))
      .where(and(inArray(schema.shifts.jobId, ids), isNull(schema.shifts.deletedAt)))
      .groupBy(schema.shifts.jobId, schema.applications.status),
    tx
      .select({ jobId: schema.shifts.jobId, last: max(schema.shifts.endsAt) })
      .from(schema.shifts)
      .where(and(inArray(schema.shifts.jobId, ids), isNull(schema.shifts.deletedAt)))
      .groupBy(schema.shifts.jobId),
  ]);
  for (const job of jobs) {
    const byStatus: Partial<Record<ApplicationStatus, number>> = {};
    for (const c of counts) if (c.jobId === job.id) byStatus[c.status] = Number(c.n);
    const last = ends.find((e) => e.jobId === job.id)?.last;
    const allEnded = last != null && new Date(last).getTime() <= ctx.now.getTime();
    const next = aggregateJobStatus(job.status, byStatus, allEnded);
    if (next === job.status) continue;
    await tx
      .update(schema.jobs)
      .set({ status: next, updatedAt: ctx.now })
      .where(eq(schema.jobs.id, job.id));
    await logActivity(tx, ctx, {
      logName: "jobs",
      description: `Status of ${job.name} followed its hours from ${job.status} to ${next}`,
      subjectType: "jobs",
      subjectId: job.id,
      properties: { from: job.status, to: next },
    });
  }
}

/** The background sweep: every ended shift everywhere, in batches of jobs. */
export async function sweepEndedShifts(tx: DbOrTx, ctx: Ctx): Promise<number> {
  const due = await tx
    .selectDistinct({ jobId: schema.shifts.jobId })
    .from(schema.applications)
    .innerJoin(schema.shifts, eq(schema.shifts.id, schema.applications.shiftId))
    .where(
      and(
        inArray(schema.applications.status, ["Booked", "Request accepted"]),
        lte(schema.shifts.endsAt, ctx.now),
      ),
    )
    .limit(200);
  if (!due.length) return 0;
  const jobIds = await settleEndedShifts(tx, ctx, { jobIds: due.map((d) => d.jobId) });
  return jobIds.length;
}
