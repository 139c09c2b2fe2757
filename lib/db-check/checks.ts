import { sql } from "drizzle-orm";
import type { Db } from "@/db";
import { ROLE } from "@/lib/domain/permissions";
import { FILLED_STATUSES } from "@/lib/domain/statuses";
import { AGENCY_TIME_ZONE } from "@/lib/services/viewer-zone";

/**
 * `npm run db:check`: read-only consistency checks of the app's database, to prove that a
 * killed server or a crashed transaction left nothing half-written (issue 27, DESIGN.md §3).
 *
 * "Half-written" for this schema means a row the verbs only ever write together with others
 * (in one transaction) is there without them, or a denormalised figure disagrees with the rows
 * it summarises:
 * - a slot holds more filled places than its positions;
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
 * - since a given moment: a booking, a job created, hours approved or a salary run started
 *   without the activity row its verb writes in the same transaction. The seed writes activity
 *   rows only for some of its history, so these checks look at changes after `since` only and
 *   are skipped without it.
 *
 * One query per check (the pg-boss check asks first whether the queue's table exists), each
 * naming at most LIMIT ids and their count.
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

const filled = FILLED_STATUSES.map((s) => `'${s.replace(/'/g, "''")}'`).join(", ");

interface Check {
  name: string;
  rule: string;
  needsSince?: boolean;
  /** SQL selecting the offending ids as `id` (ordered); $since is the cutoff when given. */
  query: (since: Date | undefined) => ReturnType<typeof sql>;
}

const CHECKS: Check[] = [
  {
    name: "slot-capacity",
    rule: "no slot holds more filled places than its positions",
    query: () =>
      sql.raw(`select ss.id from shift_slots ss
        join (select shift_slot_id, count(*) as n from applications
               where status in (${filled}) group by shift_slot_id) a on a.shift_slot_id = ss.id
       where a.n > ss.positions`),
  },
  {
    name: "filled-on-removed",
    rule: "no filled application on a removed shift or slot",
    query: () =>
      sql.raw(`select a.id from applications a
        join shifts s on s.id = a.shift_id
        join shift_slots ss on ss.id = a.shift_slot_id
       where a.status in (${filled}) and (s.deleted_at is not null or ss.deleted_at is not null)`),
  },
  {
    name: "application-slot-shift",
    rule: "every application's shift is its slot's shift",
    query: () =>
      sql.raw(`select a.id from applications a
        join shift_slots ss on ss.id = a.shift_slot_id
       where ss.shift_id <> a.shift_id`),
  },
  {
    name: "application-shift-start",
    rule: "every application carries its shift's start (the approvals inbox pages by it)",
    query: () =>
      sql.raw(`select a.id from applications a
        join shifts s on s.id = a.shift_id
       where a.shift_starts_at is distinct from s.starts_at`),
  },
  {
    name: "slot-book-branches",
    rule: "every slot is listed once under each branch its job books from (0: none named), with its skill and its shift's start (new-jobs walks them)",
    query: () =>
      sql.raw(`select coalesce(w.shift_slot_id, x.shift_slot_id) as id from
        (select ss.id as shift_slot_id, coalesce(jb.branch_id, 0) as branch_id, s.id as shift_id,
                s.starts_at, ss.skill_id
           from shift_slots ss join shifts s on s.id = ss.shift_id
           left join job_branches jb on jb.job_id = s.job_id) w
        full join slot_book_branches x
          on x.shift_slot_id = w.shift_slot_id and x.branch_id = w.branch_id
         and x.shift_id = w.shift_id and x.starts_at = w.starts_at and x.skill_id = w.skill_id
       where w.shift_slot_id is null or x.shift_slot_id is null`),
  },
  {
    name: "job-span",
    rule: "every live job's start and end are its live shifts' first start and last end",
    query: () =>
      sql.raw(`select j.id from jobs j
        left join (select job_id, min(starts_at) as first, max(ends_at) as last from shifts
                    where deleted_at is null group by job_id) s on s.job_id = j.id
       where j.deleted_at is null
         and (j.starts_at is distinct from s.first or j.ends_at is distinct from s.last)`),
  },
  {
    name: "shift-slots",
    rule: "every live shift has a live slot",
    query: () =>
      sql.raw(`select s.id from shifts s
       where s.deleted_at is null
         and not exists (select 1 from shift_slots ss
                          where ss.shift_id = s.id and ss.deleted_at is null)`),
  },
  {
    name: "salary-lines-hours",
    rule: "every salary line pays its report's approved hours (a draft line has its report)",
    query: () =>
      sql.raw(`select l.id from salary_lines l
        left join reported_hours h on h.id = l.reported_hours_id
       where (l.reported_hours_id is null and l.status = 'draft')
          or (l.reported_hours_id is not null
              and (h.approved_at is null or h.starts_at <> l.starts_at or h.ends_at <> l.ends_at))`),
  },
  {
    name: "salary-month-workers",
    rule: "every worker with salary lines in a month is listed once under that month with their count and lower(name), and no one else (the salary overview walks them)",
    // ids: the users.
    query: () =>
      sql.raw(`select coalesce(l.user_id, w.user_id) as id from
        (select date_trunc('month', s.work_date)::date as month, s.user_id, count(*)::int as n,
                lower(u.name) as name_key
           from salary_lines s join users u on u.id = s.user_id
          group by 1, 2, u.name) l
        full join salary_month_workers w
          on w.month = l.month and w.user_id = l.user_id and w.lines = l.n
         and w.name_key = l.name_key
       where l.user_id is null or w.user_id is null`),
  },
  {
    name: "salary-runs-live",
    rule: "no salary run queued or running without an unfinished background job",
    // Replaced at run time when the queue's table is missing (see runDbChecks).
    query: () =>
      sql.raw(`select r.id from salary_runs r
        left join progress_monitors m on m.id = r.monitor_id
       where r.status in ('queued', 'running')
         and not exists (select 1 from pgboss.job j
                          where j.id::text = m.payload->>'job_id'
                            and j.state in ('created', 'retry', 'active'))`),
  },
  {
    name: "statistics-roll-up",
    rule: "a job the statistics roll-up holds as exact has day totals equal to its reported hours, with its company and pricing version",
    // Only jobs neither marked nor priced under an older version: the statistics read the
    // others live, so their totals may lag by design until the sweep comes round.
    query: () =>
      sql.raw(`with clean as (
          select job_id, pricing_version from statistics_jobs
           where dirty_version is null
             and pricing_version >= (select version from pricing_versions)),
        live as (
          select s.job_id, (s.starts_at at time zone c.time_zone)::date as day,
                 min(j.company_id) as company_id,
                 min(k.pricing_version) as pricing_version,
                 round(coalesce(sum(extract(epoch from h.ends_at - h.starts_at))
                   filter (where h.approved_at is not null), 0), 6) as approved,
                 round(coalesce(sum(extract(epoch from h.ends_at - h.starts_at))
                   filter (where h.approved_at is null), 0), 6) as pending
            from reported_hours h
            join applications a on a.id = h.application_id
            join shift_slots ss on ss.id = a.shift_slot_id
            join shifts s on s.id = ss.shift_id
            join jobs j on j.id = s.job_id
            join countries c on c.id = j.country_id
            join clean k on k.job_id = s.job_id
           where s.deleted_at is null and ss.deleted_at is null and a.status in (${filled})
             and j.deleted_at is null
           group by 1, 2),
        totals as (
          select job_id, local_date as day, round(approved_seconds, 6) as approved,
                 round(pending_seconds, 6) as pending, company_id, pricing_version
            from statistics_job_days where job_id in (select job_id from clean))
      select distinct coalesce(l.job_id, t.job_id) as id
        from live l full join totals t on t.job_id = l.job_id and t.day = l.day
       where coalesce(l.approved, 0) <> coalesce(t.approved, 0)
          or coalesce(l.pending, 0) <> coalesce(t.pending, 0)
          or l.company_id is distinct from t.company_id
          or l.pricing_version is distinct from t.pricing_version`),
  },
  {
    name: "statistics-month-level",
    rule: "each month of the statistics roll-up's month level is the sum of its job-days (company 0: of all clients)",
    // The readers subtract marked jobs' job-days from it: it must hold them all, stale or not.
    // The id is the month as YYYYMM.
    query: () =>
      sql.raw(`with days as (
          select date_trunc('month', local_date)::date as month,
                 coalesce(company_id, 0) as company_id, currency,
                 sum(approved_seconds) as approved, sum(pending_seconds) as pending,
                 sum(approved_price) as price, count(*) as days
            from statistics_job_days
           group by grouping sets ((1, company_id, 3), (1, 3)))
      select distinct to_char(coalesce(d.month, t.month), 'YYYYMM')::int as id
        from days d full join statistics_month_totals t
          on t.month = d.month and t.company_id = d.company_id
         and t.currency is not distinct from d.currency
       where coalesce(d.approved, 0) <> coalesce(t.approved_seconds, 0)
          or coalesce(d.pending, 0) <> coalesce(t.pending_seconds, 0)
          or coalesce(d.price, 0) <> coalesce(t.approved_price, 0)
          or coalesce(d.days, 0) <> coalesce(t.days, 0)
       order by 1`),
  },
  {
    name: "salary-roll-up",
    rule: "a work date the salary roll-up holds as exact has totals equal to its salary lines",
    // Dates with a mark are read from their lines (by design until the sweep); the id is the
    // date as YYYYMMDD.
    query: () =>
      sql.raw(`with live as (
          select work_date, currency_code, status = 'paid' as paid, sum(amount) as amount,
                 sum(standard_minutes + weekend_minutes + night_minutes) as minutes
            from salary_lines group by 1, 2, 3),
        totals as (select work_date, currency_code, paid, amount, minutes from statistics_salary_days)
      select distinct to_char(coalesce(l.work_date, t.work_date), 'YYYYMMDD')::int as id
        from live l full join totals t
          on t.work_date = l.work_date and t.currency_code = l.currency_code and t.paid = l.paid
       where not exists (select 1 from statistics_salary_marks m
                          where m.work_date = coalesce(l.work_date, t.work_date))
         and (coalesce(l.amount, 0) <> coalesce(t.amount, 0)
              or coalesce(l.minutes, 0) <> coalesce(t.minutes, 0))
       order by 1`),
  },
  {
    name: "salary-client-months",
    rule: "a month the per-client salary level holds as exact has the sums of its lines of live jobs per client",
    // Months with a marked date are read from their lines (by design until the sweep); the id
    // is the month's first day as YYYYMMDD. The rule of lib/services/statistics/salary-days.ts.
    query: () =>
      sql.raw(`with live as (
          select date_trunc('month', l.work_date)::date as month, j.company_id, l.currency_code,
                 sum(l.amount) as amount
            from salary_lines l join jobs j on j.id = l.job_id and j.deleted_at is null
           group by 1, 2, 3)
      select distinct to_char(coalesce(l.month, t.month), 'YYYYMMDD')::int as id
        from live l full join statistics_salary_client_months t
          on t.month = l.month and t.company_id = l.company_id and t.currency_code = l.currency_code
       where not exists (select 1 from statistics_salary_marks m
                          where m.work_date >= coalesce(l.month, t.month)
                            and m.work_date < (coalesce(l.month, t.month) + interval '1 month')::date)
         and coalesce(l.amount, 0) <> coalesce(t.amount, 0)
       order by 1`),
  },
  {
    name: "count-roll-up",
    rule: "a date or month the count roll-up holds as exact has the counts of its jobs and users",
    // Dates with a mark (and months with a marked date, for the client counts) are counted live
    // by design until the sweep; the id is the date (a month: its first day) as YYYYMMDD. The same rules as lib/services/statistics/count-days.ts, written whole here.
    query: () =>
      sql.raw(`with live as (
          select 'jobs' as source, (j.starts_at at time zone c.time_zone)::date as day,
                 case when j.status = 'Cancelled' then 'cancelled' else 'live' end as series,
                 count(*)::int as n
            from jobs j join countries c on c.id = j.country_id
           where j.deleted_at is null and j.starts_at is not null
           group by 1, 2, 3
          union all
          select 'users', (u.created_at at time zone '${AGENCY_TIME_ZONE}')::date,
                 case when exists (select 1 from user_roles ur join roles r on r.id = ur.role_id
                                    where ur.user_id = u.id and r.title = '${ROLE.client}') then 'client'
                      when exists (select 1 from user_roles ur join roles r on r.id = ur.role_id
                                    where ur.user_id = u.id and r.title = '${ROLE.worker}') then 'worker'
                      else 'office' end,
                 count(*)::int
            from users u where u.deleted_at is null
           group by 1, 2, 3),
        live_months as (
          select date_trunc('month', (j.starts_at at time zone c.time_zone)::date)::date as month,
                 j.company_id, count(*)::int as n
            from jobs j join countries c on c.id = j.country_id
           where j.deleted_at is null and j.starts_at is not null and j.status <> 'Cancelled'
           group by 1, 2)
      select to_char(coalesce(l.day, t.local_date), 'YYYYMMDD')::int as id
        from live l full join statistics_count_days t
          on t.source = l.source and t.local_date = l.day and t.series = l.series
       where not exists (select 1 from statistics_count_marks m
                          where m.source = coalesce(l.source, t.source)
                            and m.local_date = coalesce(l.day, t.local_date))
         and coalesce(l.n, 0) <> coalesce(t.n, 0)
      union
      select to_char(coalesce(l.month, t.month), 'YYYYMMDD')::int
        from live_months l full join statistics_client_months t
          on t.month = l.month and t.company_id = l.company_id
       where not exists (select 1 from statistics_count_marks m
                          where m.source = 'jobs'
                            and m.local_date >= coalesce(l.month, t.month)
                            and m.local_date < (coalesce(l.month, t.month) + interval '1 month')::date)
         and coalesce(l.n, 0) <> coalesce(t.n, 0)
       order by 1`),
  },
  {
    name: "activity-bookings",
    rule: "every application filled and changed since then has an activity row since then",
    needsSince: true,
    query: (since) =>
      sql`select a.id from applications a
       where a.status in (${sql.raw(filled)}) and a.booked_at is not null
         and a.updated_at >= ${since}
         and not exists (select 1 from activity_log l
                          where l.subject_type = 'applications' and l.subject_id = a.id
                            and l.created_at >= ${since})`,
  },
  {
    name: "activity-jobs",
    rule: "every job created since then has its activity row",
    needsSince: true,
    query: (since) =>
      sql`select j.id from jobs j
       where j.created_at >= ${since}
         and not exists (select 1 from activity_log l
                          where l.subject_type = 'jobs' and l.subject_id = j.id
                            and l.log_name = 'jobs')`,
  },
  {
    name: "activity-hours",
    rule: "every report of hours approved since then has its approval's activity row",
    needsSince: true,
    query: (since) =>
      sql`select h.id from reported_hours h
       where h.approved_at >= ${since}
         and not exists (select 1 from activity_log l
                          where l.subject_type = 'applications' and l.subject_id = h.application_id
                            and l.log_name = 'hours' and l.created_at >= ${since})`,
  },
  {
    name: "activity-salary-runs",
    rule: "every salary run started since then has its activity row",
    needsSince: true,
    query: (since) =>
      sql`select r.id from salary_runs r
       where r.created_at >= ${since}
         and not exists (select 1 from activity_log l
                          where l.subject_type = 'salary_run' and l.subject_id = r.id)`,
  },
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
    // Without the queue's table no run can have a live job.
    const inner =
      check.name === "salary-runs-live" && !queuePresent
        ? sql.raw(`select r.id from salary_runs r where r.status in ('queued', 'running')`)
        : check.query(since);
    const result = (await db.execute(
      sql`select id::int as id, count(*) over ()::int as total from (${inner}) x order by id limit ${LIMIT}`,
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
