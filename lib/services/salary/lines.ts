import { and, eq, gte, inArray, lte, notInArray, or, sql, type SQL } from "drizzle-orm";
import { schema, type Db, type Tx } from "@/db";
import type { SalaryLineDraft } from "@/lib/domain/salary";
import { RUN_BATCH_LIMITS, runBatches, type RunBatchLimits } from "@/lib/domain/salary-run-batches";
import { NotFoundError } from "../errors";
import {
  approvedHoursOf,
  missingRatesError,
  priceHours,
  workersWithHours,
  type MissingRate,
  type SalaryScope,
} from "./approved-hours";

/**
 * Salary lines from approved hours (issue 24). One approved report of hours is one line, priced
 * by approved-hours.ts (the worker rate that applied on its job, the one engine). A period is cut
 * by the shift's local date in the job's zone; a branch is the job's pricing branch (the branch
 * whose card and currency price it); a country the job's.
 *
 * Recomputing a scope deletes its draft lines and inserts them again: a paid line is never
 * touched, and its hours make no new line. Hours without a rate make no line; they come back
 * as `missing`, per skill with the workers. A fixed number of queries per call, whatever the
 * number of hours (no N+1).
 */

export interface ComputedLines {
  lines: number;
  workers: number;
  missing: MissingRate[];
}

const sl = schema.salaryLines;

/** The draft lines a recomputation of the scope replaces (paid lines are never in it). */
function draftScope(scope: SalaryScope, reportIds: number[]): SQL {
  const inScope = and(
    gte(sl.workDate, scope.periodFrom),
    lte(sl.workDate, scope.periodTo),
    scope.countryId ? eq(sl.countryId, scope.countryId) : undefined,
    scope.branchId ? eq(sl.branchId, scope.branchId) : undefined,
    scope.userIds ? inArray(sl.userId, scope.userIds.length ? scope.userIds : [0]) : undefined,
    scope.jobId ? eq(sl.jobId, scope.jobId) : undefined,
  );
  return and(
    eq(sl.status, "draft"),
    reportIds.length ? or(inScope, inArray(sl.reportedHoursId, reportIds)) : inScope,
  )!;
}

/** The columns a computed line writes (the rest keep their defaults). */
const LINE_COLUMNS = [
  "runId",
  "reportedHoursId",
  "userId",
  "jobId",
  "shiftId",
  "skillId",
  "branchId",
  "countryId",
  "workDate",
  "startsAt",
  "endsAt",
  "currencyCode",
  "standardMinutes",
  "weekendMinutes",
  "nightMinutes",
  "standardRate",
  "weekendRate",
  "nightRate",
  "rateSource",
  "amount",
] as const satisfies readonly (keyof SalaryLineDraft | "runId")[];

const lineColumns = sql.join(
  LINE_COLUMNS.map((k) => sql.identifier(k.replace(/[A-Z]/g, (ch) => `_${ch.toLowerCase()}`))),
  sql`, `,
);

/**
 * Inserts the lines in one statement whatever their number: one JSON parameter read back by
 * the table's own row type (json_populate_recordset), so the columns keep their types and the
 * statement stays one round trip (a multi-row VALUES of 20 columns needs 20 parameters a line
 * and many statements).
 */
async function insertLines(tx: Tx, drafts: SalaryLineDraft[], runId: number | null) {
  if (!drafts.length) return;
  const rows = JSON.stringify(
    drafts.map((d) =>
      Object.fromEntries(
        LINE_COLUMNS.map((k) => [
          k.replace(/[A-Z]/g, (ch) => `_${ch.toLowerCase()}`),
          k === "runId" ? runId : d[k],
        ]),
      ),
    ),
  );
  await tx.execute(
    sql`insert into ${sl} (${lineColumns}) select ${lineColumns} from json_populate_recordset(null::salary_lines, ${rows}::json)`,
  );
}

/**
 * Computes the scope's salary lines and replaces its draft lines with them (delete + insert),
 * in the transaction given. Paid lines are never touched. Returns how many lines and workers,
 * and the skills (with workers) of approved hours without a rate.
 */
export async function computeSalaryLines(tx: Tx, scope: SalaryScope): Promise<ComputedLines> {
  const rows = await approvedHoursOf(tx, scope, true);
  const { drafts, missing, considered } = await priceHours(tx, rows, scope);
  if (scope.refuseMissing && missing.length) throw missingRatesError(missing);
  await tx.delete(sl).where(
    draftScope(
      scope,
      considered.map((r) => r.reportedHoursId),
    ),
  );
  await insertLines(tx, drafts, scope.runId ?? null);
  return {
    lines: drafts.length,
    workers: new Set(drafts.map((d) => d.userId)).size,
    missing,
  };
}

/** Workers per batch of a salary run at most (lib/domain/salary-run-batches.ts). */
export const RUN_BATCH = RUN_BATCH_LIMITS.workers;

/**
 * The background run's work (issue 24; pg-boss calls it): reads the salary_runs row, finds the
 * workers with approved hours in its period and branch or country (with how many reports), and
 * computes their lines in batches (`runBatches`: 200 workers or 500 reports at most), each
 * batch one transaction of a fixed number of queries, calling `onProgress(done, total)` after
 * each. Sets the run's workerCount and lineCount at the end. Safe to call again after a crash:
 * each batch replaces its workers' draft lines, so a rerun rewrites what a dead run left.
 * Returns the missing rates of the whole run.
 */
export async function buildSalaryRun(
  db: Db,
  runId: number,
  onProgress: (done: number, total: number) => Promise<void>,
  limits: RunBatchLimits = RUN_BATCH_LIMITS,
): Promise<ComputedLines> {
  const [run] = await db.select().from(schema.salaryRuns).where(eq(schema.salaryRuns.id, runId));
  if (!run) throw new NotFoundError("Salary run not found.");
  const scope: SalaryScope = {
    periodFrom: run.periodFrom,
    periodTo: run.periodTo,
    branchId: run.branchId,
    countryId: run.countryId,
    runId,
  };
  const counted = await workersWithHours(db, scope);
  const workers = counted.map((w) => w.userId);
  const total = workers.length;
  let lines = 0;
  let paidWorkers = 0;
  let done = 0;
  const missing = new Map<string, MissingRate>();
  for (const userIds of runBatches(counted, limits)) {
    const result = await db.transaction((tx) => computeSalaryLines(tx, { ...scope, userIds }));
    lines += result.lines;
    paidWorkers += result.workers;
    for (const m of result.missing) {
      const key = `${m.skill_id}:${m.zero}`;
      const seen = missing.get(key);
      if (!seen) missing.set(key, { ...m, workers: [...m.workers] });
      else
        for (const w of m.workers)
          if (!seen.workers.some((x) => x.id === w.id)) seen.workers.push(w);
    }
    done += userIds.length;
    await onProgress(done, total);
  }
  // Drafts of workers with no approved hours left in the scope (hours since disapproved) go.
  await db
    .delete(sl)
    .where(
      and(
        draftScope({ ...scope, userIds: null }, []),
        workers.length ? notInArray(sl.userId, workers) : undefined,
      ),
    );
  if (!total) await onProgress(0, 0);
  await db
    .update(schema.salaryRuns)
    .set({ workerCount: paidWorkers, lineCount: lines })
    .where(eq(schema.salaryRuns.id, runId));
  return { lines, workers: paidWorkers, missing: [...missing.values()] };
}
