import { sql } from "drizzle-orm";
import type { Tx } from "@/db";

/**
 * Marks jobs' statistics totals dirty now, in job order (migration 0028's `mark_statistics_jobs`;
 * the roll-up: job-days.ts). A verb that changes reports of many jobs in one transaction calls it
 * once its own locks are held: the triggers then mark those jobs again row by row in the order of
 * the rows, which two such batches over the same jobs may meet in opposite orders (a deadlock);
 * with every mark already held, they queue instead.
 */
export async function markStatisticsJobs(db: Tx, jobIds: readonly number[]): Promise<void> {
  if (!jobIds.length) return;
  await db.execute(sql`select mark_statistics_jobs(${sql.param([...new Set(jobIds)])}::int[])`);
}
