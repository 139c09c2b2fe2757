import { afterAll, beforeAll } from "vitest";
import { count, eq, sql } from "drizzle-orm";
import { schema, type Db, type DbHandle } from "@/db";
import { ROLE } from "@/lib/domain/permissions";
import { startQueue, stopQueue } from "@/lib/jobs/queue";
import { testDatabase } from "@/lib/testing/db";
import { createCountryAndCompany, createUser, ctxFor } from "@/lib/testing/fixtures";
import { applyOn, ensureRole, giveRole, insertJob } from "@/lib/testing/jobs-fixtures";
import { type Ctx } from "../context";
import { buildSalaryRun } from "./run";
import { registerSalaryRunJob } from "./run-job";

/**
 * POST salary/all and GET job-progress/{id} as verbs, with the real queue (pg-boss on the test
 * database, polling fast): start → the job builds the run → done, read by whom it may be; the
 * second start refused; a failing build fails the run in words; a server stopped mid-run hands
 * the run to the next one; a run whose job is over is marked failed.
 */
export let handle: DbHandle;
export let db: Db;
export let branchId: number;
export let countryId: number;
export const ctx = {} as Record<"admin" | "payroll" | "pm" | "crew" | "client" | "worker", Ctx>;
export const FAST = { pollingIntervalSeconds: 0.5, maintenanceIntervalSeconds: 3600 };

/** The build the job calls; a test swaps it (the real one counts the period's workers). */
export const swap: { build: typeof buildSalaryRun } = { build: buildSalaryRun };

export const november = () => ({ from: "2026-11-01", to: "2026-11-30", branch_id: branchId });

export async function counts() {
  const [runs] = await db.select({ n: count() }).from(schema.salaryRuns);
  const [monitors] = await db.select({ n: count() }).from(schema.progressMonitors);
  const jobs = (await db.execute(sql`select count(*)::int as n from pgboss.job`)) as unknown as {
    rows: { n: number }[];
  };
  return { runs: runs.n, monitors: monitors.n, jobs: jobs.rows[0].n };
}

export const runRow = async (id: number) =>
  (await db.select().from(schema.salaryRuns).where(eq(schema.salaryRuns.id, id)))[0];

/** A build that waits for `release()` (a long run), reporting 1 of 2 first. */
export function gate() {
  let release!: () => void;
  const open = new Promise<void>((r) => (release = r));
  let entered!: () => void;
  const started = new Promise<void>((r) => (entered = r));
  const fn: typeof buildSalaryRun = async (_db, _runId, onProgress) => {
    await onProgress(1, 2);
    entered();
    await open;
    await onProgress(2, 2);
    return { workers: 2, lines: 5, errors: ["No worker rate for Kim as Run Hand"] };
  };
  return { fn, release, started };
}

/** The shared world of these files: call once at the top of each test file. */
export function setupRunStartWorld() {
  beforeAll(async () => {
    handle = await testDatabase();
    db = handle.db;
    const { country, company } = await createCountryAndCompany(db, "Salary Run Co");
    countryId = country.id;
    const [branch] = await db
      .insert(schema.branches)
      .values({ name: "Salary run branch", countryId })
      .returning();
    branchId = branch.id;
    const [skill] = await db
      .insert(schema.skills)
      .values({ name: "Run Hand", order: 1 })
      .returning();
    // Two shifts in November 2026 (Copenhagen), one in December.
    const job = await insertJob(db, {
      name: "Salary run job",
      companyId: company.id,
      countryId,
      shifts: [
        {
          startsAt: new Date("2026-11-10T08:00:00Z"),
          endsAt: new Date("2026-11-10T16:00:00Z"),
          slots: [{ skillId: skill.id, positions: 3 }],
        },
        {
          startsAt: new Date("2026-12-01T08:00:00Z"),
          endsAt: new Date("2026-12-01T16:00:00Z"),
          slots: [{ skillId: skill.id, positions: 1 }],
        },
      ],
    });
    await db.insert(schema.jobBranches).values({ jobId: job.id, branchId });
    const hours = async (slotId: number, approved: boolean, start: string) => {
      const worker = await createUser(db, { roles: [ROLE.worker] });
      const appId = await applyOn(db, slotId, worker.id, "Approved");
      await db.insert(schema.reportedHours).values({
        applicationId: appId,
        shiftSlotId: slotId,
        startsAt: new Date(start),
        endsAt: new Date(new Date(start).getTime() + 8 * 3_600_000),
        approvedAt: approved ? new Date("2026-11-11T10:00:00Z") : null,
      });
    };
    const nov = job.shifts[0].slots[0].id;
    await hours(nov, true, "2026-11-10T08:00:00Z");
    await hours(nov, true, "2026-11-10T08:00:00Z");
    await hours(nov, false, "2026-11-10T08:00:00Z");
    await hours(job.shifts[1].slots[0].id, true, "2026-12-01T08:00:00Z");

    const payrollRole = await ensureRole(db, "Payroll (test)", ["salary_access"]);
    const payroll = await createUser(db, { name: "Paula Payroll" });
    await giveRole(db, payroll.id, payrollRole);
    const user = async (roles: Parameters<typeof createUser>[1]) =>
      ctxFor(db, (await createUser(db, roles)).id);
    ctx.admin = await user({ roles: [ROLE.admin], name: "Ada Admin" });
    ctx.payroll = await ctxFor(db, payroll.id);
    ctx.pm = await user({ roles: [ROLE.projectManager] });
    ctx.crew = await user({ roles: [ROLE.crewHandler] });
    ctx.client = await user({ roles: [ROLE.client], companyId: company.id });
    ctx.worker = await user({ roles: [ROLE.worker] });

    registerSalaryRunJob(
      async () => db,
      (...args) => swap.build(...args),
    );
    await startQueue(handle, FAST);
  });
  afterAll(async () => {
    await stopQueue({ graceful: false });
    await handle?.close();
  });
}
