import { and, desc, eq, isNull } from "drizzle-orm";
import { schema } from "@/db";
import { percentOf, type ProgressStatus } from "@/lib/domain/progress";
import { requirePermission, type Ctx } from "../context";
import { parseInput } from "../validate";
import { startSalaryRunInput } from "./run-start";

const runs = schema.salaryRuns;
const pm = schema.progressMonitors;

export interface CurrentSalaryRun {
  run_id: number;
  monitor_id: number | null;
  status: ProgressStatus;
  done: number;
  total: number;
  /** 0–100, whole; 100 once done. */
  percent: number;
  errors: string[];
  message: string | null;
  workers: number;
  lines: number;
  started_by: string | null;
  created_at: string;
  finished_at: string | null;
}

/**
 * GET salary/run (from, to — or filter[from], filter[to] —, branch_id or country_id)
 * [salary_access]: the salary run of that period and scope that is running now, else the last
 * one, with its progress as GET job-progress/{id} reads it; `run: null` when none was started.
 * What lets the screen show the bar again after a reload. Reads only; one query.
 */
export async function currentSalaryRun(
  ctx: Ctx,
  raw: unknown,
): Promise<{ run: CurrentSalaryRun | null }> {
  requirePermission(ctx, "salary_access");
  const input = parseInput(startSalaryRunInput, raw ?? {});
  const [row] = await ctx.db
    .select({ run: runs, monitor: pm, by: schema.users.name })
    .from(runs)
    .leftJoin(pm, eq(pm.id, runs.monitorId))
    .leftJoin(schema.users, eq(schema.users.id, runs.createdById))
    .where(
      and(
        eq(runs.periodFrom, input.from),
        eq(runs.periodTo, input.to),
        input.branch_id !== undefined ? eq(runs.branchId, input.branch_id) : isNull(runs.branchId),
        input.country_id !== undefined
          ? eq(runs.countryId, input.country_id)
          : isNull(runs.countryId),
      ),
    )
    // The newest: a run waiting or running is always the newest, as the start refuses another
    // one of the same period and scope meanwhile.
    .orderBy(desc(runs.id))
    .limit(1);
  if (!row) return { run: null };
  const { run, monitor } = row;
  // The monitor holds the live figures; the run row the outcome should the monitor be gone.
  const status = (monitor?.status ?? run.status) as ProgressStatus;
  const done = monitor?.progress ?? 0;
  const total = monitor?.total ?? 0;
  const errors = Array.isArray(monitor?.errors) ? (monitor.errors as unknown[]).map(String) : [];
  if (!errors.length && status === "failed" && run.error) errors.push(run.error);
  return {
    run: {
      run_id: run.id,
      monitor_id: run.monitorId,
      status,
      done,
      total,
      percent: percentOf(status, done, total),
      errors,
      message: monitor?.message ?? null,
      workers: run.workerCount,
      lines: run.lineCount,
      started_by: row.by,
      created_at: run.createdAt.toISOString(),
      finished_at: run.finishedAt?.toISOString() ?? null,
    },
  };
}
