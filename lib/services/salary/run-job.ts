import "server-only";
import { and, eq, inArray, lt, sql } from "drizzle-orm";
import { schema, type Db } from "@/db";
import { registerHandler, unfinishedJobIds, workerName, type QueuedJob } from "@/lib/jobs/queue";
import { isAppError } from "../errors";
import { finishMonitor, progressWriter, startMonitor } from "../progress/monitors";
import { buildSalaryRun } from "./run";
import { SALARY_RUN_KIND } from "./run-start";

const runs = schema.salaryRuns;

/**
 * One attempt may run this long; past it (a server killed mid-run) pg-boss's maintenance fails
 * the attempt and hands the job out again. The bench's 2,000 workers × 20 shifts take well
 * under a minute.
 */
export const SALARY_RUN_EXPIRE_SECONDS = 10 * 60;
/** Attempts after a stop or crash mid-run (a failing run is not retried: it fails in words). */
export const SALARY_RUN_RETRIES = 2;

type Build = typeof buildSalaryRun;

/** A run's failure in words for the screen: the verb's own message, else a plain sentence. */
function failureMessage(err: unknown): string {
  if (isAppError(err)) return err.message;
  const why = err instanceof Error && err.message ? ` (${err.message})` : "";
  return `The salary run failed${why}. Nothing of this attempt was kept; start it again.`;
}

/**
 * The job of kind "salary-run": takes the run (queued, or running after a restart: it starts
 * over, the build replaces the period's draft lines), builds it with progress, and ends it
 * done or failed with the reason. A run already done or failed (a late duplicate) is left
 * alone. Errors of the build end the run as failed and are not retried (they would fail the
 * same way); only a stopped or killed server's attempt is retried, by pg-boss.
 */
export async function runSalaryJob(
  db: Db,
  runId: number,
  build: Build = buildSalaryRun,
): Promise<void> {
  const taken = await db.transaction(async (tx) => {
    const [run] = await tx
      .select({ id: runs.id, status: runs.status, monitorId: runs.monitorId })
      .from(runs)
      .where(eq(runs.id, runId))
      .for("update");
    if (!run || run.status === "done" || run.status === "failed") return null;
    await tx
      .update(runs)
      .set({ status: "running", startedAt: sql`now()`, finishedAt: null, error: null })
      .where(eq(runs.id, runId));
    if (run.monitorId) await startMonitor(tx, run.monitorId, workerName());
    return run;
  });
  if (!taken) return;
  const progress = taken.monitorId ? progressWriter(db, taken.monitorId) : null;
  let outcome: { workers: number; lines: number; errors: string[] } | null = null;
  let failure: string | null = null;
  try {
    outcome = await build(db, runId, progress ? progress.report : async () => undefined);
  } catch (err) {
    if (!isAppError(err)) console.error(`[salary] run ${runId} failed`, err);
    failure = failureMessage(err);
  }
  await progress?.flush();
  await db.transaction(async (tx) => {
    if (outcome) {
      await tx
        .update(runs)
        .set({
          status: "done",
          workerCount: outcome.workers,
          lineCount: outcome.lines,
          finishedAt: sql`now()`,
        })
        .where(eq(runs.id, runId));
      if (taken.monitorId)
        await finishMonitor(tx, taken.monitorId, {
          status: "done",
          message: doneMessage(outcome),
          errors: outcome.errors,
        });
    } else {
      await tx
        .update(runs)
        .set({ status: "failed", error: failure, finishedAt: sql`now()` })
        .where(eq(runs.id, runId));
      if (taken.monitorId)
        await finishMonitor(tx, taken.monitorId, { status: "failed", message: failure! });
    }
  });
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function doneMessage(o: { workers: number; lines: number; errors: string[] }): string {
  const base = `Salary computed: ${plural(o.workers, "worker", "workers")}, ${plural(o.lines, "salary line", "salary lines")}.`;
  return o.errors.length
    ? `${base} ${plural(o.errors.length, "problem needs", "problems need")} attention.`
    : base;
}

export const INTERRUPTED_MESSAGE =
  "The server stopped before this salary run finished and it could not be resumed. Start it again.";

/**
 * Runs waiting or running whose pg-boss job is over (failed after its retries, cancelled, or
 * gone) are marked failed with the reason, so no run stays "running" forever. Runs younger than
 * `graceMs` are left alone (their job is written in the same transaction, but a clock may lag).
 */
export async function failAbandonedSalaryRuns(db: Db, graceMs = 60_000): Promise<number> {
  const open = await db
    .select({
      id: runs.id,
      monitorId: runs.monitorId,
      jobId: sql<string | null>`${schema.progressMonitors.payload}->>'job_id'`,
    })
    .from(runs)
    .leftJoin(schema.progressMonitors, eq(schema.progressMonitors.id, runs.monitorId))
    .where(
      and(
        inArray(runs.status, ["queued", "running"]),
        lt(runs.createdAt, new Date(Date.now() - graceMs)),
      ),
    );
  if (!open.length) return 0;
  const alive = await unfinishedJobIds(
    db,
    open.flatMap((r) => (r.jobId ? [r.jobId] : [])),
  );
  const dead = open.filter((r) => !r.jobId || !alive.has(r.jobId));
  for (const run of dead) {
    await db.transaction(async (tx) => {
      const [locked] = await tx
        .select({ status: runs.status })
        .from(runs)
        .where(eq(runs.id, run.id))
        .for("update");
      if (!locked || (locked.status !== "queued" && locked.status !== "running")) return;
      await tx
        .update(runs)
        .set({ status: "failed", error: INTERRUPTED_MESSAGE, finishedAt: sql`now()` })
        .where(eq(runs.id, run.id));
      if (run.monitorId)
        await finishMonitor(tx, run.monitorId, { status: "failed", message: INTERRUPTED_MESSAGE });
    });
  }
  return dead.length;
}

/** Registers the salary run with the queue (before startQueue). */
export function registerSalaryRunJob(
  getDb: () => Promise<Db>,
  build: Build = buildSalaryRun,
): void {
  registerHandler<{ runId: number }>(
    SALARY_RUN_KIND,
    {
      expireInSeconds: SALARY_RUN_EXPIRE_SECONDS,
      retryLimit: SALARY_RUN_RETRIES,
      policy: "singleton",
    },
    async (job: QueuedJob<{ runId: number }>) =>
      runSalaryJob(await getDb(), job.payload.runId, build),
  );
}
