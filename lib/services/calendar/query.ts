import { sql, type SQL } from "drizzle-orm";
import { readPlannedOnce, schema } from "@/db";
import { addDaysTo, CALENDAR_DAY_COUNT_CAP, dayText, daysBetween } from "@/lib/domain/calendar";
import type { JobStatus } from "@/lib/domain/statuses";
import { requireUser, type Ctx } from "../context";
import { AGENCY_TIME_ZONE } from "../viewer-zone";
import type { ParsedCalendar } from "./parse";

/**
 * The calendar's one query (calendar-jobs and calendar/shifts). The visible days are read in
 * one time zone — `time_zone` when given, else the filtered country's, else the caller's own
 * country's, else the agency's — and the zone is resolved inside the same statement, so a call
 * is exactly one SQL query whatever it returns. Booked counts and positions are correlated
 * sub-selects on an index of the slots (no N+1).
 */

/** Longest shift the range query looks back for (a shift ends at most a day after it starts). */
const LOOK_BACK = sql.raw(`interval '2 days'`);

/** One shift of the answer (an event), with its job's name, status, company and zone. */
export interface CalendarRow {
  id: number;
  job_id: number;
  /**
   * The shift's start and end as epoch seconds. isoInZone (lib/domain/time) writes them in the
   * job's zone from its offset for the hour, known after the hour's first instant. Read by
   * PostgreSQL (`at time zone`), each wall clock cost ~1.5 µs of the statement (336 a month
   * view at scale: ~0.5 ms).
   */
  starts_at: number;
  ends_at: number;
  positions: number;
  booked: number;
  name: string;
  status: JobStatus;
  company_id: number;
  company_name: string;
  country_id: number;
  time_zone: string;
  /** The venue and city: only with `slots` (the day's list shows them). */
  venue_name?: string | null;
  city?: string | null;
  slots?: { skill: string; positions: number; booked: number }[];
}

/** The range, its total and (with perDay) its day counts, and the events. */
export interface CalendarRows {
  /** The zone the days were read in and the instants they cover: [from, to). */
  range_tz: string;
  from_at: Date | string;
  to_at: Date | string;
  total: number;
  /** With perDay: each visible day that holds events → how many, up to the cap (YYYY-MM-DD → count). */
  days: Record<string, number> | null;
  /** With perDay: the days whose count reached the cap (YYYY-MM-DD, in order). */
  days_capped: string[] | null;
  events: CalendarRow[];
}

/**
 * The statement's one row: the range and counts, then the events and their jobs as json arrays
 * (each job once: a month view's 168 events at scale belong to ~100 jobs). Sent as a row an
 * event, the driver parsed ~18 columns of each one by one: ~5 µs of Node's CPU an event against
 * ~1.5 µs as json parsed whole (a month view at scale 0.84 → 0.59 ms; the call's p50 2.14 →
 * 2.00 ms, the statement alone, interleaved).
 */
type EventArray = [
  id: number,
  jobId: number,
  startsAt: number,
  endsAt: number,
  positions: number,
  booked: number,
  slots?: CalendarRow["slots"] | string,
];
type JobArray = [
  id: number,
  name: string,
  status: JobStatus,
  companyId: number,
  companyName: string,
  countryId: number,
  timeZone: string,
  venueName?: string | null,
  city?: string | null,
];
interface AnswerRow extends Omit<CalendarRows, "days" | "days_capped" | "events"> {
  days: CalendarRows["days"] | string;
  days_capped: CalendarRows["days_capped"] | string;
  events: EventArray[] | string;
  jobs: JobArray[] | string;
}

/** A json column as the driver gave it: parsed (pg, PGlite) or, defensively, its text. */
const fromJson = <T>(v: T | string | null): T | null =>
  typeof v === "string" ? (JSON.parse(v) as T) : v;

function eventOf(e: EventArray, j: JobArray): CalendarRow {
  const row: CalendarRow = {
    id: e[0],
    job_id: e[1],
    starts_at: e[2],
    ends_at: e[3],
    positions: e[4],
    booked: e[5],
    name: j[1],
    status: j[2],
    company_id: j[3],
    company_name: j[4],
    country_id: j[5],
    time_zone: j[6],
  };
  if (e.length > 6) {
    row.venue_name = j[7] ?? null;
    row.city = j[8] ?? null;
    row.slots = fromJson(e[6] ?? null) ?? [];
  }
  return row;
}

/**
 * The shifts overlapping the range (start before its end, end after its start), soonest
 * first, `limit` of them from `offset`, each with its total (count(*) over ()). Always at least
 * one row: the range itself, with null event columns when nothing matches.
 *
 * The page of shift ids is picked first (the filters and the window count touch shifts and
 * jobs only); names, zones and the booked counts are read for the page's rows alone. Booked
 * places are the live slots' stored counts (shift_slots.booked), an index-only scan. Written
 * as correlated sub-selects per matching shift, the planner's estimate passed PostgreSQL's JIT
 * threshold at a few thousand shifts and compiling cost more than the query.
 */
export async function calendarRows(
  ctx: Ctx,
  p: ParsedCalendar,
  opts: { limit: number; offset?: number; slots?: boolean; perDay?: number },
): Promise<CalendarRows> {
  const actor = requireUser(ctx);
  const slots = opts.slots
    ? sql`, (select coalesce(json_agg(json_build_object('skill', sk.name, 'positions', sl.positions, 'booked',
          sl.booked) order by sk."order", sk.name), '[]'::json)
        from shift_slots sl join skills sk on sk.id = sl.skill_id
        where sl.shift_id = pg.id and sl.deleted_at is null)`
    : sql``;
  // Only live jobs whose span (first start, last end: db:check "job-span") meets the range can
  // hold a shift in it; read first, they are hashed once instead of looked up per shift (a
  // month at scale: 23,000 shifts of 5,800 jobs, 77,700 → 9,500 buffers). OFFSET 0 keeps the
  // planner from folding them back into per-shift lookups, which it picks on a low estimate.
  const matching = sql`
      select ${schema.shifts.id} as id, ${schema.shifts.jobId} as job_id,
        ${schema.shifts.startsAt} as starts_at, ${schema.shifts.endsAt} as ends_at
      from ${schema.shifts}
        join (
          select j0.* from ${schema.jobs} j0 cross join r r4
          where j0.deleted_at is null and j0.starts_at < r4.to_at and j0.ends_at > r4.from_at
          offset 0
        ) ${schema.jobs} on ${schema.jobs.id} = ${schema.shifts.jobId}
        cross join r r2
      where ${schema.shifts.startsAt} < r2.to_at
        and ${schema.shifts.startsAt} >= r2.from_at - ${LOOK_BACK}
        and ${schema.shifts.endsAt} > r2.from_at
        and ${p.where}`;
  const perDay = opts.perDay;
  const cap = CALENDAR_DAY_COUNT_CAP;
  const days = daysBetween(p.start, p.end) + 1;
  // Without perDay: the page of the soonest shifts, the total as a window count. With it: per
  // visible day (its first instant d0 to the next day's d1, in the range's zone), the shifts
  // overlapping it as a month cell places them (the end exclusive), soonest first, at most
  // `cap` of them: the first perDay are the day's events, how many were read its count. Each
  // day is two bounded ranges of shifts_live_starts_at_idx — the shifts carried over from the
  // days before (started less than LOOK_BACK before d0, ending after it: index-only, ~15 a day
  // at scale) and those starting that day — merged in order, so a busy day stops after `cap`
  // rows instead of the whole grid being read, expanded to days and sorted (23,000 shifts).
  // The caller's job conditions are checked once, on the grid's live jobs (vj: from
  // jobs_live_ends_at_idx alone unless own or branches is filtered), and each shift's job is
  // looked up in their hash. coalesce() keeps that a filter on the index scan: as a plain IN,
  // PostgreSQL made it a hash semi-join, whose output it treats as unordered, and sorted all
  // ~550 shifts of every day (649 → 556 buffers, the day counts 15 → 7 ms at scale). Each day
  // numbers and counts its own rows as they come, already in order: ranked over all 4,158 rows
  // at scale, they were sorted again first (backend CPU ~12.2 → ~10.3 ms a call).
  // When every live job is seen (the office without filters) the check is turned around: the
  // shifts of archived jobs (jobs_archived_idx; their shifts stay live) are left out, a hash of
  // the few archived jobs instead of building one of the grid's ~5,800 visible jobs twice and
  // reading them first (the day counts ~6 → ~4 ms at scale). Same rows: a live shift's job is
  // live or archived, and a live job's span covers its live shifts (db:check "job-span").
  const jobSeen = p.everyLiveJob
    ? sql`not coalesce(${schema.shifts.jobId} in (select vx.id from vx), false)`
    : sql`coalesce(${schema.shifts.jobId} in (select vj.id from vj), false)`;
  const seenJobs = p.everyLiveJob
    ? sql`vx as materialized (
      select ${schema.jobs.id} as id from ${schema.jobs} where ${schema.jobs.deletedAt} is not null
    )`
    : sql`vj as materialized (
      select ${schema.jobs.id} as id from ${schema.jobs} cross join r r4
      where ${schema.jobs.deletedAt} is null and ${schema.jobs.startsAt} < r4.to_at
        and ${schema.jobs.endsAt} > r4.from_at and ${p.jobWhere}
    )`;
  // The office without filters (nor userId) counts its days from calendar_shift_quarters (migration
  // calendar_shift_quarters: per UTC quarter hour, the live shifts of live jobs starting and
  // ending in it, kept by triggers): the shifts running at the grid's first instant (read
  // live, as the days' carried-over shifts are) and then each day's starts, less the ends
  // before the next — a few hundred quarter rows instead of 42 × 99 shifts at scale, and each
  // day reads only its first perDay shifts. Exact for any count (a shift lasts at most a day:
  // LOOK_BACK), so the cap only bounds the answer as before, and the total is the grid's.
  // A zone whose midnights are not on UTC quarter hours (historic offsets) counts live. Each
  // day sums its own range of the quarters' index, in the days' order (as one hash of the
  // grid's ~880 quarter rows by width_bucket, then sorted by day: ~0.14 ms more at scale).
  const rolled = perDay !== undefined && p.everyLiveJob && p.everyLiveShift;
  // A day's shifts are picked soonest first, then shortest, then by job and id: the order of
  // shifts_live_starts_at_idx (starts_at, ends_at, job_id, id), so a day's scan stops after
  // `limit` entries. Picked by (starts_at, id), each day read every shift sharing its first
  // start times and sorted them (at scale ~54 a day, most starting on the hour, for 6 kept).
  const dayOrder = (t: string) => sql.raw(`${t}.starts_at, ${t}.ends_at, ${t}.job_id, ${t}.id`);
  const inDay = (
    range: SQL,
    limit: number,
  ) => sql`(select ${schema.shifts.id} as id, ${schema.shifts.jobId} as job_id,
          ${schema.shifts.startsAt} as starts_at, ${schema.shifts.endsAt} as ends_at
        from ${schema.shifts}
        where ${range} and ${schema.shifts.endsAt} > dd.d0 and ${p.shiftWhere}
          and ${jobSeen}
        order by ${dayOrder("shifts")} limit ${limit})`;
  // Per visible day its first `limit` shifts, numbered (rn) and counted (n).
  const dayShifts = (limit: number) => sql`
      select x.id, x.job_id, x.starts_at, x.ends_at, ${dayText(p.start)}::date + (dd.i - 1) as day,
        x.rn, x.n
      from dd cross join lateral (select u2.*, row_number() over w as rn, count(*) over w as n from (
        select u.* from (
          ${inDay(sql`${schema.shifts.startsAt} < dd.d0 and ${schema.shifts.startsAt} >= dd.d0 - ${LOOK_BACK}`, limit)}
          union all
          ${inDay(sql`${schema.shifts.startsAt} >= dd.d0 and ${schema.shifts.startsAt} < dd.d1`, limit)}
        ) u
        order by ${dayOrder("u")} limit ${limit}
      ) u2 window w as (order by ${dayOrder("u2")} rows between unbounded preceding and unbounded following)) x`;
  // A day's events in the month view: its first `limit` shifts that start on it, soonest first —
  // a shift running past midnight is drawn from its start across the next day by the calendar —
  // and on the grid's first day also those still running from before it (they start on no
  // day of the grid). Picked as overlapping shifts, each day's first few were the evening
  // shifts of the day before still running after midnight (a London shift till 00:00 ends
  // at 01:00 in Copenhagen): the calendar drew them in the day before's row, and the grid's
  // last day, whose own shifts it never received, stood empty without its "+N more".
  const dayStarts = (limit: number) => sql`
      select x.id, x.job_id, x.starts_at, x.ends_at, ${dayText(p.start)}::date + (dd.i - 1) as day
      from dd cross join lateral (
        select u.* from (
          ${inDay(sql`dd.i = 1 and ${schema.shifts.startsAt} < dd.d0 and ${schema.shifts.startsAt} >= dd.d0 - ${LOOK_BACK}`, limit)}
          union all
          ${inDay(sql`${schema.shifts.startsAt} >= dd.d0 and ${schema.shifts.startsAt} < dd.d1`, limit)}
        ) u
        order by ${dayOrder("u")} limit ${limit}
      ) x`;
  // Rolled up, the events are each day's first perDay (d) and the cap's rows (dl) are read only
  // where the zone is not on quarter hours (a one-time filter: never run otherwise). A constant
  // limit, and no rn filter on d (it holds perDay a day already), keep the planner's estimate of
  // the page near its 336 rows: estimated at 8, it joined the page's jobs to the events by a
  // nested loop over both (196 × 336 comparisons, ~8 ms at scale).
  const counts = rolled ? "dl" : "d";
  const liveDays = sql`select c.day, c.n::int as n from ${sql.raw(counts)} c where c.rn = 1`;
  const liveTotal = sql`(select count(*) from (select distinct c.id from ${sql.raw(counts)} c) t)::int`;
  const counted = rolled
    ? sql`, dl as (
      ${dayShifts(cap)} where not (select r.aligned from r)
    ), q as (
      select dd.i, x.s, x.e from dd cross join lateral (
        select sum(t.starts)::int as s, sum(t.ends)::int as e
        from ${schema.calendarShiftQuarters} t where t.at >= dd.d0 and t.at < dd.d1
      ) x where (select r.aligned from r)
    ), a as (
      select count(*)::int as n0 from ${schema.shifts} cross join r
      where r.aligned and ${schema.shifts.startsAt} < r.from_at
        and ${schema.shifts.startsAt} >= r.from_at - ${LOOK_BACK}
        and ${schema.shifts.endsAt} > r.from_at and ${p.shiftWhere} and ${jobSeen}
    ), rc as (
      select ${dayText(p.start)}::date + (dd.i - 1) as day,
        a.n0 + coalesce(sum(coalesce(dd.s, 0) - coalesce(dd.e, 0)) over (order by dd.i
          rows between unbounded preceding and 1 preceding), 0) + coalesce(dd.s, 0) as n
      from q dd cross join a
    )`
    : sql``;
  const dayRows = rolled
    ? sql`select rc.day, least(rc.n, ${cap})::int as n from rc where rc.n > 0
        union all ${liveDays} and not (select r.aligned from r)`
    : liveDays;
  const total = rolled
    ? sql`(select case when r.aligned then (select a.n0 from a) + coalesce((select sum(q.s) from q), 0)
        else ${liveTotal} end from r)::int`
    : liveTotal;
  const pick =
    perDay === undefined
      ? sql`pg as (
      select m.*, (count(*) over ())::int as total from (${matching}) m
      order by m.starts_at, m.id
      limit ${opts.limit} offset ${opts.offset ?? 0}
    )`
      : sql`${seenJobs}, dd as (
      select g.i, r.bounds[g.i] as d0, r.bounds[g.i + 1] as d1
      from r cross join generate_series(1, ${days}::int) g(i)
    ), d as (${rolled ? dayStarts(perDay ?? cap) : dayShifts(cap)}
    )${rolled ? sql`` : sql`, ev as (${dayStarts(perDay ?? cap)})`}${counted}, pg as (
      select e0.id, e0.job_id, e0.starts_at, e0.ends_at, ${total} as total
      from ${sql.raw(rolled ? "d" : "ev")} e0
    ), dc as (
      select coalesce(json_object_agg(to_char(x.day, 'YYYY-MM-DD'), x.n order by x.day), '{}'::json) as days,
        coalesce(json_agg(to_char(x.day, 'YYYY-MM-DD') order by x.day) filter (where x.n >= ${cap}), '[]'::json)
          as days_capped
      from (${dayRows}) x
    )`;
  // The day counts are read once, beside the range (the statement's one row).
  const dayCounts =
    perDay === undefined
      ? sql`null::json as days, null::json as days_capped`
      : sql`dc.days, dc.days_capped`;
  // The page's jobs (with company, country and venue) are read and sent once each: a month
  // view's 168 events at scale belong to ~100 jobs, and joined per event the planner probed
  // jobs_pkey and venues_pkey for every one (2,016 → ~600 buffers). Each job is looked up by key
  // (lateral): as `in (select …)` PGlite's tenth scale (5,000 jobs) hashed them against a seq
  // scan of jobs (pj 5.0 → 1.7 ms, the statement 11.3 → 8.6 ms), and as `id = any(array(…))`
  // PostgreSQL read them by bitmap (~0.1 ms more at scale).
  // Positions and booked places come from shift_slots_live_fill_idx alone (migration
  // shift_slots_booked: the slot's booked count, kept by triggers): counted per slot on
  // applications(shift_slot_id, status), a month view at scale probed ~420 slots for it (~1–1.5
  // ms of its ~2.5–4 ms in PostgreSQL). The zone is read once (materialized):
  // inlined into r, its lookups were planned and run four times (~0.2 ms of planning a call).
  const query = sql`
    with z as materialized (
      select coalesce(
        ${p.timeZone}::text,
        (select c.time_zone from countries c where c.id = ${p.countryId}::int),
        (select c.time_zone from users u join countries c on c.id = u.country_id where u.id = ${actor.userId}::int),
        ${AGENCY_TIME_ZONE}::text
      ) as tz
    ), r as (
      select z.tz as range_tz,
        (${dayText(p.start)}::date::timestamp at time zone z.tz) as from_at,
        (${dayText(addDaysTo(p.end, 1))}::date::timestamp at time zone z.tz) as to_at,
        array(select (${dayText(p.start)}::date + g)::timestamp at time zone z.tz
          from generate_series(0, ${days}) g) as bounds,
        -- Every day's first instant on a UTC quarter hour: calendar_shift_quarters can count it.
        not exists (select 1 from generate_series(0, ${days}) g
          where extract(epoch from (${dayText(p.start)}::date + g)::timestamp at time zone z.tz) % 900 <> 0)
          as aligned
      from z
    ), ${pick}, pj as materialized (
      select j.id, j.name, j.status, j.company_id, c.name as company_name,
        j.country_id, co.time_zone${opts.slots ? sql`, v.name as venue_name, j.city` : sql``}
      from (select distinct pg.job_id from pg) x
        cross join lateral (select * from jobs j where j.id = x.job_id) j
        cross join lateral (select c.name from companies c where c.id = j.company_id) c
        join countries co on co.id = j.country_id
        ${opts.slots ? sql`left join venues v on v.id = j.venue_id` : sql``}
    )
    select r.range_tz, r.from_at, r.to_at, ${dayCounts},
      coalesce((select pg.total from pg limit 1), 0) as total,
      (select coalesce(json_agg(json_build_array(pg.id, pg.job_id, date_part('epoch', pg.starts_at),
          date_part('epoch', pg.ends_at), fill.positions, fill.booked${slots})
          order by pg.starts_at, pg.id), '[]'::json)
        from pg cross join lateral (
          select coalesce(sum(sl.positions), 0)::int as positions,
            coalesce(sum(sl.booked), 0)::int as booked
          from shift_slots sl where sl.shift_id = pg.id and sl.deleted_at is null
        ) fill) as events,
      (select coalesce(json_agg(json_build_array(j.id, j.name, j.status, j.company_id,
          j.company_name, j.country_id, j.time_zone${opts.slots ? sql`, j.venue_name, j.city` : sql``})), '[]'::json)
        from pj j) as jobs
    from r${perDay === undefined ? sql`` : sql` cross join dc`}`;
  // The office's month and week views (rolled: no filter, so a few texts only) are parsed and
  // planned once per connection (readPlannedOnce): their generic plan is the custom one but for
  // constant-folded lookups of the zone (checked with EXPLAIN at full scale), and planning each
  // call cost PostgreSQL more than running it.
  const [row] = rolled
    ? await readPlannedOnce<AnswerRow>(ctx.db, "calendar_month", query)
    : ((await ctx.db.execute(query)) as unknown as { rows: AnswerRow[] }).rows;
  const jobs = new Map<number, JobArray>();
  for (const j of fromJson(row.jobs) ?? []) jobs.set(j[0], j);
  return {
    range_tz: row.range_tz,
    from_at: row.from_at,
    to_at: row.to_at,
    total: row.total,
    days: fromJson(row.days),
    days_capped: fromJson(row.days_capped),
    events: (fromJson(row.events) ?? []).map((e) => eventOf(e, jobs.get(e[1])!)),
  };
}
