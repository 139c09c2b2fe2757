// replaced by i24-salary's implementation at merge
import "server-only";
import { eq, sql } from "drizzle-orm";
import { schema, type Db } from "@/db";

/**
 * Builds the salary lines of one run (issue 24). THIS BODY IS A PLACEHOLDER of branch
 * i24-queue: it only counts the period's workers (approved hours whose shift's local date lies
 * in the period, in the run's branch or country) and reports progress; it writes no salary
 * lines. The signature is the contract with the background job (run-job.ts).
 *
 * `onProgress` returns at once (the write follows, outside any transaction of the caller), so
 * it may be called from inside a transaction; call it at least every second or so.
 */
// replaced by i24-salary's implementation at merge
export async function buildSalaryRun(
  db: Db,
  runId: number,
  onProgress: (done: number, total: number) => Promise<void>,
): Promise<{ workers: number; lines: number; errors: string[] }> {
  const [run] = await db.select().from(schema.salaryRuns).where(eq(schema.salaryRuns.id, runId));
  if (!run) throw new Error(`Salary run ${runId} not found.`);
  const scope =
    run.branchId !== null
      ? sql`exists (select 1 from job_branches jb where jb.job_id = j.id and jb.branch_id = ${run.branchId})`
      : sql`j.country_id = ${run.countryId}`;
  const result = (await db.execute(sql`
    select distinct a.assignee_id as user_id
      from reported_hours rh
      join applications a on a.id = rh.application_id
      join shifts s on s.id = a.shift_id
      join jobs j on j.id = s.job_id
      join countries c on c.id = j.country_id
     where rh.approved_at is not null
       and (rh.starts_at at time zone c.time_zone)::date between ${run.periodFrom} and ${run.periodTo}
       and ${scope}
     order by 1`)) as unknown as { rows: { user_id: number }[] };
  const workers = result.rows.length;
  await onProgress(0, workers);
  for (let done = 1; done <= workers; done++) await onProgress(done, workers);
  return { workers, lines: 0, errors: [] };
}
