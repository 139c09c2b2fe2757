import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, count, eq, sql } from "drizzle-orm";
import { schema, type Db, type DbHandle } from "@/db";
import { ROLE } from "@/lib/domain/permissions";
import { drainQueue, startQueue, stopQueue } from "@/lib/jobs/queue";
import { appErrorOf } from "@/lib/testing/app-error";
import { testDatabase } from "@/lib/testing/db";
import { createCountryAndCompany, createUser, ctxFor } from "@/lib/testing/fixtures";
import { applyOn, ensureRole, giveRole, insertJob } from "@/lib/testing/jobs-fixtures";
import { makeCtx, type Ctx } from "../context";
import { ConfirmError } from "../errors";
import { readJobProgress } from "../progress/monitors";
import { buildSalaryRun } from "./run";
import { failAbandonedSalaryRuns, INTERRUPTED_MESSAGE, registerSalaryRunJob } from "./run-job";
import { startSalaryRun } from "./run-start";

/**
 * POST salary/all and GET job-progress/{id} as verbs, with the real queue (pg-boss on the test
 * database, polling fast): start → the job builds the run → done, read by whom it may be; the
 * second start refused; a failing build fails the run in words; a server stopped mid-run hands
 * the run to the next one; a run whose job is over is marked failed.
 */
let handle: DbHandle;
let db: Db;
let branchId: number;
let countryId: number;
const ctx = {} as Record<"admin" | "payroll" | "pm" | "crew" | "client" | "worker", Ctx>;
const FAST = { pollingIntervalSeconds: 0.5, maintenanceIntervalSeconds: 3600 };

/** The build the job calls; a test swaps it (the real one counts the period's workers). */
let build: typeof buildSalaryRun = buildSalaryRun;

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
  const [skill] = await db.insert(schema.skills).values({ name: "Run Hand", order: 1 }).returning();
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
    (...args) => build(...args),
  );
  await startQueue(handle, FAST);
});
afterAll(async () => {
  await stopQueue({ graceful: false });
  await handle?.close();
});

const november = () => ({ from: "2026-11-01", to: "2026-11-30", branch_id: branchId });

async function counts() {
  const [runs] = await db.select({ n: count() }).from(schema.salaryRuns);
  const [monitors] = await db.select({ n: count() }).from(schema.progressMonitors);
  const jobs = (await db.execute(sql`select count(*)::int as n from pgboss.job`)) as unknown as {
    rows: { n: number }[];
  };
  return { runs: runs.n, monitors: monitors.n, jobs: jobs.rows[0].n };
}

const runRow = async (id: number) =>
  (await db.select().from(schema.salaryRuns).where(eq(schema.salaryRuns.id, id)))[0];

/** A build that waits for `release()` (a long run), reporting 1 of 2 first. */
function gate() {
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

describe("POST salary/all (startSalaryRun) and the salary-run job", () => {
  it("starts a run that the queue builds to done, and its progress reads 100 %", async () => {
    build = buildSalaryRun;
    const started = await startSalaryRun(ctx.admin, november());
    expect(started).toEqual({
      run_id: expect.any(Number),
      monitor_id: expect.any(Number),
      status: "queued",
    });
    const queued = await runRow(started.run_id);
    expect(queued).toMatchObject({
      periodFrom: "2026-11-01",
      periodTo: "2026-11-30",
      branchId,
      monitorId: started.monitor_id,
    });
    const [log] = await db
      .select()
      .from(schema.activityLog)
      .where(
        and(
          eq(schema.activityLog.subjectType, "salary_run"),
          eq(schema.activityLog.subjectId, started.run_id),
        ),
      );
    expect(log.description).toBe(
      "Salary run started for 01/11/2026–30/11/2026 (Salary run branch)",
    );

    await drainQueue("salary-run");
    expect(await runRow(started.run_id)).toMatchObject({
      status: "done",
      workerCount: 2,
      lineCount: 2,
      error: null,
    });
    // The run built the workers' lines (draft) and tied them to itself.
    const lines = await db
      .select()
      .from(schema.salaryLines)
      .where(eq(schema.salaryLines.runId, started.run_id));
    expect(lines.map((l) => l.status)).toEqual(["draft", "draft"]);
    // Two approved workers in November; the unapproved report and December's do not count.
    expect(await readJobProgress(ctx.admin, started.monitor_id)).toMatchObject({
      id: started.monitor_id,
      kind: "salary-run",
      status: "done",
      done: 2,
      total: 2,
      percent: 100,
      errors: [],
      message: "Salary computed: 2 workers, 2 salary lines.",
    });
  });

  it("shows progress while the run is running, and the result's problems when done", async () => {
    const g = gate();
    build = g.fn;
    const started = await startSalaryRun(ctx.payroll, {
      filter: { from: "01/12/2026", to: "31/12/2026" },
      country_id: countryId,
    });
    await g.started;
    let mid = await readJobProgress(ctx.payroll, started.monitor_id);
    for (let i = 0; i < 30 && mid.done !== 1; i++) {
      await new Promise((r) => setTimeout(r, 50));
      mid = await readJobProgress(ctx.payroll, started.monitor_id);
    }
    expect(mid).toMatchObject({ status: "running", done: 1, total: 2, percent: 50 });
    expect((await runRow(started.run_id)).status).toBe("running");
    g.release();
    await drainQueue("salary-run");
    expect(await readJobProgress(ctx.payroll, started.monitor_id)).toMatchObject({
      status: "done",
      done: 2,
      total: 2,
      percent: 100,
      errors: ["No worker rate for Kim as Run Hand"],
      message: "Salary computed: 2 workers, 5 salary lines. 1 problem needs attention.",
    });
  });

  it("refuses a second start of the same period and scope while the first runs (409), writing nothing", async () => {
    const g = gate();
    build = g.fn;
    const first = await startSalaryRun(ctx.admin, november());
    await g.started;
    const before = await counts();
    const err = await appErrorOf(startSalaryRun(ctx.payroll, { ...november(), from: "1/11/2026" }));
    expect(err.status).toBe(409);
    expect(err.type).toBe("salary_run_running");
    expect(err.message).toBe(
      `The salary run for 01/11/2026–30/11/2026 (Salary run branch) is already running: run ${first.run_id}, started by Ada Admin. Follow its progress or wait until it has finished.`,
    );
    expect(err.details).toEqual({ run_id: first.run_id, monitor_id: first.monitor_id });
    expect(await counts()).toEqual(before);
    // Another scope of the same period is another run.
    const other = await startSalaryRun(ctx.admin, {
      from: "2026-11-01",
      to: "2026-11-30",
      country_id: countryId,
    });
    expect(other.run_id).not.toBe(first.run_id);
    g.release();
    await drainQueue("salary-run");
    expect((await runRow(first.run_id)).status).toBe("done");
    expect((await runRow(other.run_id)).status).toBe("done");
    // Once done, the period may be run again.
    build = buildSalaryRun;
    await startSalaryRun(ctx.admin, november());
    await drainQueue("salary-run");
  });

  it("lets exactly one of two simultaneous starts of one period and scope through", async () => {
    const g = gate();
    build = g.fn;
    const period = { from: "2026-09-01", to: "2026-09-30", branch_id: branchId };
    const results = await Promise.allSettled([
      startSalaryRun(ctx.admin, period),
      startSalaryRun(ctx.payroll, period),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ status: 409, type: "salary_run_running" });
    g.release();
    await drainQueue("salary-run");
  });

  it("fails the run and its monitor with the reason in words when the build fails", async () => {
    build = async () => {
      throw new Error("disk full");
    };
    const a = await startSalaryRun(ctx.admin, november());
    await drainQueue("salary-run");
    const message =
      "The salary run failed (disk full). Nothing of this attempt was kept; start it again.";
    expect(await runRow(a.run_id)).toMatchObject({ status: "failed", error: message });
    expect(await readJobProgress(ctx.admin, a.monitor_id)).toMatchObject({
      status: "failed",
      message,
    });

    build = async () => {
      throw new ConfirmError("Missing worker rates for: Run Hand.", "MissingRates");
    };
    const b = await startSalaryRun(ctx.admin, november());
    await drainQueue("salary-run");
    expect(await readJobProgress(ctx.admin, b.monitor_id)).toMatchObject({
      status: "failed",
      percent: 0,
      message: "Missing worker rates for: Run Hand.",
    });
    // Not retried: one attempt, the job completed.
    const jobs = (await db.execute(
      sql`select j.state, j.retry_count from pgboss.job j
           join progress_monitors m on (m.payload->>'job_id')::uuid = j.id where m.id = ${b.monitor_id}`,
    )) as unknown as { rows: { state: string; retry_count: number }[] };
    expect(jobs.rows).toEqual([{ state: "completed", retry_count: 0 }]);
  });

  it("hands a run stopped mid-way to the next server, which builds it from the start", async () => {
    const attempts: number[] = [];
    build = async (d, runId, onProgress) => {
      attempts.push(runId);
      await onProgress(1, 2);
      // The first server dies here: this attempt never returns.
      return new Promise(() => undefined);
    };
    const started = await startSalaryRun(ctx.admin, november());
    for (let i = 0; i < 60 && attempts.length === 0; i++)
      await new Promise((r) => setTimeout(r, 50));
    expect(attempts).toEqual([started.run_id]);
    await stopQueue({ graceful: false });
    expect((await runRow(started.run_id)).status).toBe("running");

    build = buildSalaryRun;
    await startQueue(handle, FAST);
    await drainQueue("salary-run");
    expect(await runRow(started.run_id)).toMatchObject({ status: "done", workerCount: 2 });
    expect(await readJobProgress(ctx.admin, started.monitor_id)).toMatchObject({
      status: "done",
      percent: 100,
    });
  });

  it("marks failed a run whose job is over without finishing it, and leaves finished runs alone", async () => {
    build = buildSalaryRun;
    const done = await startSalaryRun(ctx.admin, november());
    await drainQueue("salary-run");
    // A run left "running" by a job whose retries are spent (failed in pg-boss).
    const [stuck] = await db
      .insert(schema.salaryRuns)
      .values({
        periodFrom: "2026-10-01",
        periodTo: "2026-10-31",
        branchId,
        status: "running",
        createdAt: new Date(Date.now() - 3_600_000),
      })
      .returning();
    const [monitor] = await db
      .insert(schema.progressMonitors)
      .values({
        kind: "salary-run",
        status: "running",
        progress: 3,
        total: 9,
        payload: { run_id: stuck.id, job_id: "00000000-0000-4000-8000-000000000001" },
        createdById: ctx.admin.actor!.kind === "user" ? ctx.admin.actor!.userId : null,
      })
      .returning();
    await db
      .update(schema.salaryRuns)
      .set({ monitorId: monitor.id })
      .where(eq(schema.salaryRuns.id, stuck.id));

    expect(await failAbandonedSalaryRuns(db)).toBe(1);
    expect(await runRow(stuck.id)).toMatchObject({ status: "failed", error: INTERRUPTED_MESSAGE });
    expect(await readJobProgress(ctx.admin, monitor.id)).toMatchObject({
      status: "failed",
      done: 3,
      total: 9,
      percent: 33,
      message: INTERRUPTED_MESSAGE,
    });
    expect((await runRow(done.run_id)).status).toBe("done");
    expect(await failAbandonedSalaryRuns(db)).toBe(0);
  });
});

describe("who may start a run", () => {
  it.each(["pm", "crew", "client", "worker"] as const)(
    "refuses %s without salary_access (403), writing nothing",
    async (who) => {
      const before = await counts();
      const err = await appErrorOf(startSalaryRun(ctx[who], november()));
      expect(err.status).toBe(403);
      expect(err.message).toBe("You do not have permission to do this.");
      expect(await counts()).toEqual(before);
    },
  );

  it("refuses a caller who is not signed in (401)", async () => {
    expect((await appErrorOf(startSalaryRun(makeCtx(db, null), november()))).status).toBe(401);
  });
});

describe("what a start needs", () => {
  it.each([
    [{ to: "2026-11-30", branch_id: 1 }, "from", "The from field is required."],
    [{ from: "2026-11-31", to: "2026-12-30", branch_id: 1 }, "from", "The from must be a date."],
    [
      { from: "2026-11-30", to: "2026-11-01", branch_id: 1 },
      "to",
      "The period must end on or after its first day.",
    ],
    [
      { from: "2026-01-01", to: "2027-06-30", branch_id: 1 },
      "to",
      "The period may span at most 366 days.",
    ],
    [{ from: "2026-11-01", to: "2026-11-30" }, "branch_id", "Choose a branch or a country."],
    [
      { from: "2026-11-01", to: "2026-11-30", branch_id: 1, country_id: 1 },
      "branch_id",
      "Choose a branch or a country, not both.",
    ],
    [{ from: "2026-11-01", to: "2026-11-30", branch_id: "x" }, "branch_id", "must be a number"],
  ])("refuses %j (422 on %s), writing nothing", async (input, field, message) => {
    const before = await counts();
    const err = await appErrorOf(startSalaryRun(ctx.admin, input));
    expect(err.status).toBe(422);
    expect(err.errors?.[field]).toContain(message);
    expect(await counts()).toEqual(before);
  });

  it("refuses an unknown branch or country (422), writing nothing", async () => {
    const before = await counts();
    const b = await appErrorOf(
      startSalaryRun(ctx.admin, { from: "2026-11-01", to: "2026-11-30", branch_id: 999999 }),
    );
    expect([b.status, b.errors]).toEqual([422, { branch_id: ["The selected branch is invalid."] }]);
    const c = await appErrorOf(
      startSalaryRun(ctx.admin, { from: "2026-11-01", to: "2026-11-30", country_id: 999999 }),
    );
    expect([c.status, c.errors]).toEqual([
      422,
      { country_id: ["The selected country is invalid."] },
    ]);
    expect(await counts()).toEqual(before);
  });
});

describe("GET job-progress/{id} (readJobProgress)", () => {
  let monitorId: number;
  beforeAll(async () => {
    build = buildSalaryRun;
    monitorId = (
      await startSalaryRun(ctx.admin, { from: "2026-11-02", to: "2026-11-30", branch_id: branchId })
    ).monitor_id;
    await drainQueue("salary-run");
  });

  it("answers its creator and whoever holds salary_access", async () => {
    expect((await readJobProgress(ctx.admin, monitorId)).status).toBe("done");
    expect((await readJobProgress(ctx.payroll, String(monitorId))).percent).toBe(100);
  });

  it.each(["pm", "crew", "client", "worker"] as const)(
    "answers %s 404, as for a monitor that does not exist",
    async (who) => {
      const err = await appErrorOf(readJobProgress(ctx[who], monitorId));
      expect([err.status, err.message]).toEqual([404, "Progress not found."]);
    },
  );

  it("answers 404 for an unknown or malformed id and 401 without a user", async () => {
    expect((await appErrorOf(readJobProgress(ctx.admin, 999999))).status).toBe(404);
    expect((await appErrorOf(readJobProgress(ctx.admin, "abc"))).status).toBe(404);
    expect((await appErrorOf(readJobProgress(ctx.admin, "99999999999"))).status).toBe(404);
    expect((await appErrorOf(readJobProgress(makeCtx(db, null), monitorId))).status).toBe(401);
  });
});
