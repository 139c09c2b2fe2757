import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";
import { schema, type Db, type DbHandle } from "@/db";
import { testDatabase } from "@/lib/testing/db";
import { workerKit } from "@/lib/testing/worker-fixtures";

export let handle: DbHandle;
export let db: Db;
export let k: Awaited<ReturnType<typeof workerKit>>;
// A Friday; the test shifts sit at hours before it, all in November 2026.
export const now = new Date("2026-11-20T12:00:00Z");
export const NOV = { from: "2026-11-01", to: "2026-11-30" };
export const H = 3_600_000;

/** An approved application of `worker` on a new one-shift job, with its reported hours. */
export async function approvedHours(skill: number, worker: number, from: number, hours: number) {
  const s = await k.oneShift(skill, from, { branches: [k.branchA] });
  const [app] = await db
    .insert(schema.applications)
    .values({ shiftSlotId: s.slotId, shiftId: s.shiftId, assigneeId: worker, status: "Approved" })
    .returning();
  const startsAt = k.at(from);
  const [report] = await db
    .insert(schema.reportedHours)
    .values({
      applicationId: app.id,
      shiftSlotId: s.slotId,
      startsAt,
      endsAt: new Date(startsAt.getTime() + hours * H),
      approvedAt: now,
    })
    .returning();
  return { ...s, appId: app.id, reportId: report.id };
}

export async function rate(
  v: Partial<typeof schema.workerRates.$inferInsert> & { skillId: number },
) {
  await db.insert(schema.workerRates).values({ currencyCode: "DKK", amount: 15000, ...v });
}

export const linesOf = (where: { userId?: number; jobId?: number }) =>
  db
    .select()
    .from(schema.salaryLines)
    .where(
      and(
        where.userId ? eq(schema.salaryLines.userId, where.userId) : undefined,
        where.jobId ? eq(schema.salaryLines.jobId, where.jobId) : undefined,
      ),
    )
    .orderBy(schema.salaryLines.id);

export const salaryActivities = async () =>
  (
    await db
      .select({ id: schema.activityLog.id })
      .from(schema.activityLog)
      .where(eq(schema.activityLog.logName, "salary"))
  ).length;

/** The shared world of these files: call once at the top of each test file. */
export function setupSalaryWorld() {
  beforeAll(async () => {
    handle = await testDatabase();
    db = handle.db;
    k = await workerKit(db, now);
  });
  afterAll(async () => {
    await handle?.close();
  });
}
