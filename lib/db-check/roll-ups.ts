import { sql } from "drizzle-orm";
import { ROLE } from "@/lib/domain/permissions";
import { AGENCY_TIME_ZONE } from "@/lib/services/viewer-zone";
import { filled, type Check } from "./check";

/** The statistics, salary, count and calendar roll-ups: stored totals agree with the rows they sum. */
export const ROLL_UP_CHECKS: Check[] = [
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
    name: "calendar-quarters",
    rule: "each quarter hour's stored starts and ends are those of the live shifts of live jobs (the calendar's day counts)",
    // The id is the quarter hour's number since 1970 (its epoch / 900). The same rule as the
    // triggers of migration calendar_shift_quarters, written whole here.
    query: () =>
      sql.raw(`with live as (
          select q.at, sum(q.s)::int as s, sum(q.e)::int as e
            from shifts s join jobs j on j.id = s.job_id and j.deleted_at is null
            cross join lateral (values
              (date_bin('15 minutes', s.starts_at, timestamptz 'epoch'), 1, 0),
              (date_bin('15 minutes', s.ends_at - interval '1 microsecond', timestamptz 'epoch'), 0, 1)) q (at, s, e)
           where s.deleted_at is null
           group by 1),
        stored as (
          select at, sum(starts)::int as s, sum(ends)::int as e from calendar_shift_quarters group by 1)
      select (extract(epoch from coalesce(l.at, t.at)) / 900)::bigint as id
        from live l full join stored t on t.at = l.at
       where coalesce(l.s, 0) <> coalesce(t.s, 0) or coalesce(l.e, 0) <> coalesce(t.e, 0)
       order by 1`),
  },
];
