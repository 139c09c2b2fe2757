import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/db";
import { countingDb } from "@/lib/testing/counting-db";
import { sweepJobDays } from "@/lib/services/statistics/job-days";
import { sweepCountDays } from "@/lib/services/statistics/count-days";
import { sweepSalaryDays } from "@/lib/services/statistics/salary-days";
import { seededDemo } from "@/seed/demo.test-support";
import {
  CHECK_NAMES,
  dbChecksFailed,
  formatDbChecks,
  runDbChecks,
  type CheckResult,
} from "./checks";

/**
 * db:check on the demo seed: every check holds; one inconsistency planted with raw SQL (in a
 * transaction rolled back afterwards) is reported by its check and by no other.
 */
const demo = seededDemo(new Date("2026-03-18T09:30:00Z"));
let since: Date;

beforeAll(async () => {
  // The seed's rows are older than this: the activity checks look at the planted ones only.
  since = new Date();
  // The roll-up's totals, as the background sweep leaves them (the seed only marks its jobs).
  await sweepJobDays(demo.handle.db);
  await sweepSalaryDays(demo.handle.db);
  await sweepCountDays(demo.handle.db);
});

class Rollback extends Error {}

/** Runs `plant` and the checks in one transaction, then undoes it all. */
async function checkAfter(plant: string): Promise<CheckResult[]> {
  let results: CheckResult[] = [];
  await demo.handle.db
    .transaction(async (tx) => {
      // A plant may be several statements, one per line ending in ";".
      for (const statement of plant.split(/;\s*\n/)) await tx.execute(sql.raw(statement));
      results = await runDbChecks(tx as unknown as Db, { since });
      throw new Rollback();
    })
    .catch((err) => {
      if (!(err instanceof Rollback)) throw err;
    });
  return results;
}

const failing = (results: CheckResult[]) => results.filter((r) => r.count > 0).map((r) => r.name);

const PLANTS: [string, string][] = [
  [
    "slot-capacity",
    `update shift_slots set positions = 0
      where id = (select min(shift_slot_id) from applications where status = 'Booked')`,
  ],
  [
    "slot-booked",
    // A place more than its applications hold: what a write that went around the triggers leaves.
    `update shift_slots set booked = booked + 1 where id = (select min(id) from shift_slots)`,
  ],
  [
    "filled-on-removed",
    // A booked slot of a shift with another live slot (so the shift keeps one).
    `update shift_slots set deleted_at = now()
      where id = (select min(a.shift_slot_id) from applications a
                   where a.status = 'Booked'
                     and (select count(*) from shift_slots o
                           where o.shift_id = a.shift_id and o.deleted_at is null) > 1)`,
  ],
  [
    "application-slot-shift",
    `update applications a set shift_id = (
        select min(s.id) from shifts s
         where s.id <> a.shift_id and s.deleted_at is null
           and not exists (select 1 from applications b
                            where b.shift_id = s.id and b.assignee_id = a.assignee_id))
      where a.id = (select min(id) from applications where status = 'Applied')`,
  ],
  [
    "application-shift-start",
    // Its trigger (migration 0031) would correct the write: a writer that went around it.
    `alter table applications disable trigger applications_shift_starts_at;
     update applications set shift_starts_at = shift_starts_at + interval '1 hour'
      where id = (select min(id) from applications);
     alter table applications enable trigger applications_shift_starts_at`,
  ],
  [
    "slot-book-branches",
    // A row gone that no write of a slot, shift or job branch took: what a stale table leaves.
    `delete from slot_book_branches
      where (shift_slot_id, branch_id) = (select shift_slot_id, branch_id from slot_book_branches
                                           order by 1, 2 limit 1)`,
  ],
  [
    "job-span",
    `update jobs set ends_at = ends_at + interval '1 hour'
      where id = (select min(id) from jobs where deleted_at is null)`,
  ],
  [
    "shift-slots",
    // Inside the job's span, so only the missing slot is wrong.
    `insert into shifts (job_id, starts_at, ends_at)
      select id, starts_at, ends_at from jobs
       where id = (select min(job_id) from shifts where deleted_at is null)`,
  ],
  [
    "salary-lines-hours",
    `update salary_lines set ends_at = ends_at + interval '1 hour'
      where id = (select min(id) from salary_lines)`,
  ],
  [
    "salary-month-workers",
    // A line moved to another month with the table's trigger off: a writer that went around it.
    `alter table salary_lines disable trigger salary_lines_month_workers_update;
     update salary_lines set work_date = work_date - interval '1 year'
      where id = (select min(id) from salary_lines);
     alter table salary_lines enable trigger salary_lines_month_workers_update`,
  ],
  [
    "salary-runs-live",
    `insert into salary_runs (period_from, period_to, status, created_at)
      values ('2026-01-01', '2026-01-31', 'running', now() - interval '1 day')`,
  ],
  [
    "statistics-roll-up",
    // A minute more on one clean job's day: what a write that skipped the job's mark leaves
    // (its month with it, the client's and all clients': the month level stays the days' sum).
    `update statistics_month_totals t set approved_seconds = approved_seconds + 60
      from (select d.local_date, d.company_id, d.currency from statistics_job_days d
              join statistics_jobs j on j.job_id = d.job_id and j.dirty_version is null
             order by d.job_id, d.local_date limit 1) d
     where t.month = date_trunc('month', d.local_date)::date and t.company_id in (d.company_id, 0)
       and t.currency is not distinct from d.currency;
    update statistics_job_days set approved_seconds = approved_seconds + 60
      where (job_id, local_date) = (
        select d.job_id, d.local_date from statistics_job_days d
          join statistics_jobs j on j.job_id = d.job_id and j.dirty_version is null
         order by 1, 2 limit 1)`,
  ],
  [
    "statistics-month-level",
    // A unit more on one month's revenue: what a sweep that moved the days but not their month
    // would leave.
    `update statistics_month_totals set approved_price = approved_price + 1
      where (month, company_id) = (
        select month, company_id from statistics_month_totals order by 1, 2 limit 1)`,
  ],
  [
    "salary-roll-up",
    // One unit more on a swept date's totals: what a write that skipped its mark leaves.
    `update statistics_salary_days set amount = amount + 1
      where (work_date, currency_code, paid) = (
        select work_date, currency_code, paid from statistics_salary_days order by 1, 2, 3 limit 1)`,
  ],
  [
    "salary-client-months",
    // One unit more on a client's swept month: what a write that skipped its mark leaves.
    `update statistics_salary_client_months set amount = amount + 1
      where (month, company_id, currency_code) = (
        select month, company_id, currency_code from statistics_salary_client_months
         order by 1, 2, 3 limit 1)`,
  ],
  [
    "count-roll-up",
    // One more on a swept date, and on a client's swept month: what a write that skipped its
    // mark leaves (the earliest month, whose first day is not the earliest date's).
    `update statistics_count_days set n = n + 1
      where (source, local_date, series) = (
        select source, local_date, series from statistics_count_days order by 2 desc, 1, 3 limit 1);
     update statistics_client_months set n = n + 1
      where (month, company_id) = (
        select month, company_id from statistics_client_months order by 1, 2 limit 1)`,
  ],
  [
    "calendar-quarters",
    // One start more on a quarter: what a write that went around the triggers leaves.
    `update calendar_shift_quarters set starts = starts + 1
      where id = (select min(id) from calendar_shift_quarters)`,
  ],
  [
    "activity-bookings",
    `update applications set updated_at = now()
      where id = (select min(id) from applications where status = 'Booked' and booked_at is not null)`,
  ],
  [
    "activity-jobs",
    `update jobs set created_at = now() where id = (select min(id) from jobs where deleted_at is null)`,
  ],
  [
    "activity-hours",
    `update reported_hours set approved_at = now()
      where id = (select min(id) from reported_hours where approved_at is not null)`,
  ],
  [
    "activity-salary-runs",
    `insert into salary_runs (period_from, period_to, status) values ('2026-01-01', '2026-01-31', 'done')`,
  ],
];

describe("db:check", () => {
  it("finds the demo seed consistent, one query per check", async () => {
    const counting = countingDb(demo.handle);
    const results = await runDbChecks(counting.db, { since });
    expect(formatDbChecks(results).filter((l) => !l.startsWith("OK"))).toEqual([]);
    expect(dbChecksFailed(results)).toBe(false);
    expect(results.map((r) => r.name)).toEqual(CHECK_NAMES);
    // One statement per check and one asking whether the queue's table exists.
    expect(counting.statements()).toBe(CHECK_NAMES.length + 1);
  });

  it("skips the activity checks without a moment to look from", async () => {
    const results = await runDbChecks(demo.handle.db);
    expect(results.filter((r) => r.skipped).map((r) => r.name)).toEqual(
      CHECK_NAMES.filter((n) => n.startsWith("activity-")),
    );
    expect(dbChecksFailed(results)).toBe(false);
  });

  it("has a planted inconsistency for every check", () => {
    expect(PLANTS.map(([name]) => name)).toEqual(CHECK_NAMES);
  });

  it.each(PLANTS)("reports %s, and only it, for its planted inconsistency", async (name, plant) => {
    const results = await checkAfter(plant);
    expect(failing(results)).toEqual([name]);
    const hit = results.find((r) => r.name === name)!;
    // One row planted (two for the count roll-up: a date and a month); a removed slot takes all
    // of its bookings with it.
    expect(hit.count).toBeGreaterThanOrEqual(1);
    expect(hit.ids).toHaveLength(Math.min(hit.count, 20));
    expect(formatDbChecks(results).find((l) => l.startsWith("FAIL"))).toContain(`${hit.ids[0]}`);
    expect(dbChecksFailed(results)).toBe(true);
  });

  it("names at most 20 ids and counts them all", async () => {
    const results = await checkAfter(`update jobs set ends_at = ends_at + interval '1 hour'
      where deleted_at is null`);
    const hit = results.find((r) => r.name === "job-span")!;
    expect(hit.ids).toHaveLength(20);
    expect(hit.count).toBeGreaterThan(20);
    expect(formatDbChecks(results).join("\n")).toContain(`(${hit.count} in all)`);
  });
});
