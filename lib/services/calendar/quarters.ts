import { sql } from "drizzle-orm";
import type { Db } from "@/db";

/** How many quarter hours one sweep statement sums. */
export const CALENDAR_QUARTERS_BATCH = 500;

/**
 * The calendar's day counts (calendar_shift_quarters, migration calendar_shift_quarters) are
 * deltas the triggers only ever insert, so a quarter hour gains a row per write that touches
 * it. The background round sums each quarter's rows into one, in one statement: it deletes the
 * rows it read and inserts their sum (none when they cancel out), so a writer's row committed
 * meanwhile stays as it is and every sum stays exact. Answers how many quarters it summed.
 */
export async function sweepCalendarQuarters(
  db: Db,
  { batch = CALENDAR_QUARTERS_BATCH }: { batch?: number } = {},
): Promise<{ quarters: number }> {
  const result = (await db.execute(sql`with pick as (
        select at from calendar_shift_quarters group by at having count(*) > 1
         order by at limit ${batch}),
      gone as (
        delete from calendar_shift_quarters t using pick where t.at = pick.at
        returning t.at, t.starts, t.ends),
      summed as (
        insert into calendar_shift_quarters (at, starts, ends)
        select at, sum(starts), sum(ends) from gone group by at
        having sum(starts) <> 0 or sum(ends) <> 0
        returning at)
      select (select count(distinct at) from gone)::int as quarters`)) as unknown as {
    rows: { quarters: number }[];
  };
  return { quarters: Number(result.rows[0]?.quarters ?? 0) };
}
