import { sql } from "drizzle-orm";
import type { Db } from "@/db";
import { ACTIVITY_CHECKS } from "./activity";
import { BOOKING_CHECKS } from "./bookings";
import type { Check } from "./check";
import { ROLL_UP_CHECKS } from "./roll-ups";
import { SALARY_CHECKS } from "./salary";

/**
 * `npm run db:check`: read-only consistency checks of the app's database, to prove that a
 * killed server or a crashed transaction left nothing half-written (issue 27, DESIGN.md §3).
 *
 * "Half-written" for this schema means a row the verbs only ever write together with others
 * (in one transaction) is there without them, or a denormalised figure disagrees with the rows
 * it summarises:
 * - a slot holds more filled places than its positions;
 * - a slot's stored booked count is not the number of its filled places (its triggers keep it;
 *   a writer went around them);
 * - a filled application sits on a removed shift or slot (removing one denies its bookings);
 * - a live job's first start / last end (jobs.starts_at/ends_at) is not its live shifts' span:
 *   job create writes the job with its shifts (at least one, each with at least one slot) and
 *   every edit writes the span again; a job emptied by an edit has no span (null). A job row
 *   without its shifts therefore shows as a span without shifts;
 * - a slot missing from slot_book_branches under a branch of its job (or 0), or listed there
 *   with another skill, start or branch (its triggers keep it; a writer went around them);
 * - a live shift without a live slot (create and edit never leave one);
 * - a salary line that is not what its report of hours says (the report not approved, or other
 *   times), or a draft line without its report: approvals and edits drop the drafts they touch
 *   and a paid line's hours cannot change;
 * - a salary run queued or running without an unfinished pg-boss job to run it;
 * - a job the statistics roll-up holds as exact (not marked) whose day totals are not its
 *   reported hours' (a write that moved hours without marking the job: a missing trigger);
 * - likewise a date the salary or count roll-up holds as exact (no mark) whose totals are not
 *   its salary lines' or its jobs' and users' counts;
 * - a quarter hour whose stored shift starts and ends (the calendar's day counts) are not
 *   those of the live shifts of live jobs (a writer went around the triggers);
 * - since a given moment: a booking, a job created, hours approved or a salary run started
 *   without the activity row its verb writes in the same transaction. The seed writes activity
 *   rows only for some of its history, so these checks look at changes after `since` only and
 *   are skipped without it.
 *
 * One query per check (the pg-boss check asks first whether the queue's table exists), each
 * naming at most LIMIT ids and their count. The checks live by area beside this file.
 */

export const LIMIT = 20;

export interface CheckResult {
  name: string;
  /** What must hold, in words. */
  rule: string;
  /** Offending ids (at most LIMIT), empty when the check holds. */
  ids: number[];
  /** How many offend in all. */
  count: number;
  /** Why the check did not run (no `since` given), when it did not. */
  skipped?: string;
}

export interface CheckOptions {
  /** Changes from this moment on must have their activity rows. */
  since?: Date;
}

const CHECKS: Check[] = [
  ...BOOKING_CHECKS,
  ...SALARY_CHECKS,
  ...ROLL_UP_CHECKS,
  ...ACTIVITY_CHECKS,
];

export const CHECK_NAMES = CHECKS.map((c) => c.name);

type Rows = { rows: Record<string, unknown>[] };

/** Runs every check (read only) and answers each one's result, in order. */
export async function runDbChecks(db: Db, options: CheckOptions = {}): Promise<CheckResult[]> {
  const since = options.since;
  const queue = (await db.execute(
    sql`select to_regclass('pgboss.job') is not null as present`,
  )) as unknown as Rows;
  const queuePresent = Boolean(queue.rows[0]?.present);
  const out: CheckResult[] = [];
  for (const check of CHECKS) {
    if (check.needsSince && !since) {
      out.push({
        name: check.name,
        rule: check.rule,
        ids: [],
        count: 0,
        skipped: "no --since given",
      });
      continue;
    }
    const result = (await db.execute(
      sql`select id::int as id, count(*) over ()::int as total from (${check.query({ since, queuePresent })}) x order by id limit ${LIMIT}`,
    )) as unknown as Rows;
    const rows = result.rows as { id: number; total: number }[];
    out.push({
      name: check.name,
      rule: check.rule,
      ids: rows.map((r) => Number(r.id)),
      count: rows.length ? Number(rows[0].total) : 0,
    });
  }
  return out;
}

/** The report's lines: each check with OK, skipped, or its offending ids. */
export function formatDbChecks(results: CheckResult[]): string[] {
  return results.map((r) => {
    const head = `${r.name.padEnd(22)} ${r.rule}`;
    if (r.skipped) return `SKIP ${head} (${r.skipped})`;
    if (!r.count) return `OK   ${head}`;
    const more = r.count > r.ids.length ? ` … (${r.count} in all)` : "";
    return `FAIL ${head}: ${r.ids.join(", ")}${more}`;
  });
}

export const dbChecksFailed = (results: CheckResult[]): boolean => results.some((r) => r.count > 0);
