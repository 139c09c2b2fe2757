import { DAYS, type Add, type BulkEnv } from "./bulk";

/** Money: reported hours, salary runs and lines, quotes. */
export function moneyStatements(e: BulkEnv, add: Add): void {
  const { ctx, b, R, NOW, TODAY, SKILLS, FACTORS, pm, jobHour, jobSkill } = e;
  add(
    "reported hours",
    `insert into reported_hours (id, application_id, shift_slot_id, starts_at, ends_at, i_was_late, comment,
       created_by_id, updated_by_id, approved_by_id, approved_at, created_at, updated_at)
     overriding system value
     select ${b.hours} + (a.id - ${b.applications}), a.id, a.shift_slot_id,
       s.starts_at + make_interval(mins => (${R.pick(80, "a.id", 3)} - 1) * 5),
       s.ends_at + make_interval(mins => (${R.pick(81, "a.id", 5)} - 2) * 15),
       ${R.r(82, "a.id")} < 0.03,
       case when ${R.r(83, "a.id")} < 0.05 then 'Stayed a bit longer to help with the load-out.' end,
       a.assignee_id, a.assignee_id,
       case when a.status = 'Approved' then ${pm} end,
       case when a.status = 'Approved' then least(${NOW}, s.ends_at + make_interval(hours => 6 + ${R.pick(84, "a.id", 66)})) end,
       least(${NOW}, s.ends_at + make_interval(mins => 30 + ${R.pick(85, "a.id", 300)})),
       least(${NOW}, s.ends_at + make_interval(hours => 6 + ${R.pick(84, "a.id", 66)}))
     from applications a join shifts s on s.id = a.shift_id
     where a.id > ${b.applications} and a.status in ('Reported', 'Approved')`,
  );

  // ---- Salary: a run per country and month; lines for approved hours of closed months -------
  add(
    "salary runs",
    `insert into salary_runs (id, period_from, period_to, country_id, status, created_by_id, created_at,
       started_at, finished_at)
     overriding system value
     select ${b.salaryRuns} + row_number() over (order by m, co.idx), m::date,
       (m + interval '1 month' - interval '1 day')::date, co.id, 'done', ${ctx.staff.admin},
       least(${NOW}, m + interval '1 month' + interval '2 days'),
       least(${NOW}, m + interval '1 month' + interval '2 days'),
       least(${NOW}, m + interval '1 month' + interval '2 days' + interval '4 minutes')
     from generate_series(date_trunc('month', ${TODAY} - ${DAYS}), date_trunc('month', ${TODAY}) - interval '1 month', interval '1 month') m
     cross join scale_country co`,
  );
  add(
    "salary lines",
    `insert into salary_lines (id, run_id, reported_hours_id, user_id, job_id, shift_id, skill_id, branch_id,
       country_id, work_date, starts_at, ends_at, currency_code, standard_minutes, weekend_minutes,
       standard_rate, weekend_rate, rate_source, amount, status, paid_at, paid_by_id, created_at)
     overriding system value
     select ${b.salaryLines} + (h.id - ${b.hours}), r.id, h.id, a.assignee_id, j.id, a.shift_id, sl.skill_id,
       cm.default_branch_id, j.country_id, x.work_date, h.starts_at, h.ends_at, co.currency,
       case when x.weekend then 0 else x.minutes end, case when x.weekend then x.minutes else 0 end,
       x.rate, round(x.rate * 1.5)::int, 'card',
       round(x.minutes * x.rate * (case when x.weekend then 1.5 else 1 end) / 60.0)::int,
       (case when j.status in ('Paid', 'Invoiced') then 'paid' else 'draft' end)::salary_line_status,
       case when j.status in ('Paid', 'Invoiced') then least(${NOW}, r.finished_at + interval '3 days') end,
       case when j.status in ('Paid', 'Invoiced') then ${ctx.staff.admin} end,
       r.finished_at
     from reported_hours h
     join applications a on a.id = h.application_id
     join shift_slots sl on sl.id = h.shift_slot_id
     join shifts s on s.id = a.shift_id
     join jobs j on j.id = s.job_id
     join companies cm on cm.id = j.company_id
     join scale_country co on co.id = j.country_id
     cross join lateral (select (s.starts_at at time zone co.tz)::date as work_date,
       (extract(epoch from h.ends_at - h.starts_at) / 60)::int as minutes,
       extract(isodow from (s.starts_at at time zone co.tz)) >= 6 as weekend,
       round(co.base_rate * (${FACTORS})[array_position(${SKILLS}, sl.skill_id)] / 1000.0)::int as rate) x
     join salary_runs r on r.country_id = j.country_id and r.id > ${b.salaryRuns}
       and r.period_from = date_trunc('month', x.work_date)::date
     where h.id > ${b.hours} and h.approved_at is not null and j.status in ('Paid', 'Invoiced', 'Approved')`,
  );
  add(
    "salary run totals",
    `update salary_runs r set line_count = t.lines, worker_count = t.workers
     from (select run_id, count(*)::int as lines, count(distinct user_id)::int as workers from salary_lines
            where id > ${b.salaryLines} group by run_id) t
     where r.id = t.run_id`,
  );

  // ---- Quotes: one job in ten came from an accepted quote; one in ten more was only offered --
  add(
    "quotes",
    `insert into quotes (id, year, sequence, status, company_id, branch_id, venue_id, name, currency_code,
       valid_until, vat_basis_points, client_data, subtotal_amount, vat_amount, total_amount, sent_at, sent_by_id,
       decided_at, job_id, converted_at, created_by_id, created_at, updated_at)
     overriding system value
     select ${b.quotes} + q.jn, q.year,
       coalesce((select max(sequence) from quotes where year = q.year and id <= ${b.quotes}), 0)
         + row_number() over (partition by q.year order by q.jn),
       q.status::quote_status, q.company_id, cm.default_branch_id, q.venue_id, q.name, co.currency,
       (q.created + interval '30 days')::date, co.vat, '{}'::jsonb,
       q.amount, round(q.amount::numeric * coalesce(co.vat, 0) / 10000)::int,
       q.amount + round(q.amount::numeric * coalesce(co.vat, 0) / 10000)::int,
       case when q.status <> 'Draft' then q.created + interval '1 hour' end,
       case when q.status <> 'Draft' then ${pm} end,
       case when q.status in ('Accepted', 'Declined') then q.created + interval '2 days' end,
       case when q.status = 'Accepted' then q.job_id end,
       case when q.status = 'Accepted' then q.created + interval '2 days' end,
       ${pm}, q.created, q.created
     from (
       select j.id - ${b.jobs} as jn, j.company_id, j.venue_id, j.name, j.country_id,
         extract(year from least(${NOW}, j.created_at - interval '3 days') at time zone 'UTC')::int as year,
         least(${NOW} - interval '2 days', j.created_at - interval '3 days') as created,
         case when (j.id - ${b.jobs}) % 10 = 0 then 'Accepted'
              when ${R.r(90, "j.id")} < 0.5 then 'Sent' when ${R.r(90, "j.id")} < 0.8 then 'Declined' else 'Draft' end as status,
         j.id as job_id,
         3 * 8 * round(co2.base_rate * 2.2)::int as amount
       from jobs j join scale_country co2 on co2.id = j.country_id
       where j.id > ${b.jobs} and (j.id - ${b.jobs}) % 10 in (0, 5)
     ) q
     join companies cm on cm.id = q.company_id
     join scale_country co on co.id = q.country_id`,
  );
  add(
    "quote lines",
    `insert into quote_lines (id, quote_id, position, work_date, start_time, end_time, skill_id, positions,
       standard_minutes, standard_price, amount)
     overriding system value
     select ${b.quoteLines} + (q.id - ${b.quotes}), q.id, 0, (q.created_at + interval '10 days')::date,
       lpad(${jobHour(`q.id - ${b.quotes}`)}::text, 2, '0') || ':00',
       lpad((${jobHour(`q.id - ${b.quotes}`)} + 8)::text, 2, '0') || ':00',
       (${SKILLS})[${jobSkill(`q.id - ${b.quotes}`)} + 1], 3, 480, q.subtotal_amount / 24, q.subtotal_amount
     from quotes q where q.id > ${b.quotes}`,
  );
  add(
    "quote numbers",
    `insert into number_sequences (name, value)
     select 'quote:' || year, max(sequence) from quotes group by year
     on conflict (name) do update set value = greatest(number_sequences.value, excluded.value)`,
  );
}
