import { describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { schema } from "@/db";
import { drainQueue, startQueue, stopQueue } from "@/lib/jobs/queue";
import { appErrorOf } from "@/lib/testing/app-error";
import { ConfirmError } from "../errors";
import { readJobProgress } from "../progress/monitors";
import { buildSalaryRun } from "./run";
import { failAbandonedSalaryRuns, INTERRUPTED_MESSAGE } from "./run-job";
import { startSalaryRun } from "./run-start";
import {
  handle,
  db,
  branchId,
  countryId,
  ctx,
  FAST,
  swap,
  november,
  counts,
  runRow,
  gate,
  setupRunStartWorld,
} from "./run-start.test-support";

setupRunStartWorld();

describe("POST salary/all (startSalaryRun) and the salary-run job", () => {
  it("starts a run that the queue builds to done, and its progress reads 100 %", async () => {
    swap.build = buildSalaryRun;
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
    swap.build = g.fn;
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
    swap.build = g.fn;
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
    swap.build = buildSalaryRun;
    await startSalaryRun(ctx.admin, november());
    await drainQueue("salary-run");
  });

  it("lets exactly one of two simultaneous starts of one period and scope through", async () => {
    const g = gate();
    swap.build = g.fn;
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
    swap.build = async () => {
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

    swap.build = async () => {
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
    swap.build = async (d, runId, onProgress) => {
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

    swap.build = buildSalaryRun;
    await startQueue(handle, FAST);
    await drainQueue("salary-run");
    expect(await runRow(started.run_id)).toMatchObject({ status: "done", workerCount: 2 });
    expect(await readJobProgress(ctx.admin, started.monitor_id)).toMatchObject({
      status: "done",
      percent: 100,
    });
  });

  it("marks failed a run whose job is over without finishing it, and leaves finished runs alone", async () => {
    swap.build = buildSalaryRun;
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
