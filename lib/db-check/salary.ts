import { sql } from "drizzle-orm";
import type { Check } from "./check";

/** Salary lines, the per-month worker list kept by triggers, and live salary runs. */
export const SALARY_CHECKS: Check[] = [
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
    // Without the queue's table no run can have a live job.
    query: ({ queuePresent }) =>
      queuePresent
        ? sql.raw(`select r.id from salary_runs r
        left join progress_monitors m on m.id = r.monitor_id
       where r.status in ('queued', 'running')
         and not exists (select 1 from pgboss.job j
                          where j.id::text = m.payload->>'job_id'
                            and j.state in ('created', 'retry', 'active'))`)
        : sql.raw(`select r.id from salary_runs r where r.status in ('queued', 'running')`),
  },
];
