import { sql, type SQL } from "drizzle-orm";
import { schema, type Db, type DbOrTx } from "@/db";
import { ROLE } from "@/lib/domain/permissions";
import { AGENCY_TIME_ZONE } from "../viewer-zone";
import type { StatisticsFilter } from "./filter";
import { sweepInRounds } from "./sweep-rounds";
import { bucketOf, labelOf } from "./sql";

/**
 * The count roll-up (issue 27): per local date what the count charts draw
 * (statistics_count_days) — "jobs": jobs by their first shift's date in their country's zone,
 * series "live" and "cancelled"; "users": users by creation date in the agency's zone, series
 * "worker", "client", "office". statistics/jobs and users without a company or branch filter
 * add ~365 rows a year instead of every job or user of the range (18,600 and 6,000 at scale).
 *
 * Exact, never stale: every statement that changes what a date counts inserts a mark for that
 * date, in its own transaction (triggers of the migration adding these tables). Readers add the
 * counts of unmarked dates and count the marked ones live in one statement, so both halves read
 * one snapshot and every date counts once. The sweep below rewrites the counts of marked dates
 * and deletes the marks it read.
 */

export type CountSource = "jobs" | "users";

const days = schema.statisticsCountDays;
const marks = schema.statisticsCountMarks;

/** How many (source, date) pairs one transaction of the sweep recounts. */
export const COUNT_DAYS_BATCH = 100;

const u = schema.users;
// The role's ids are read once (an InitPlan), so each user is one probe of its user_roles key.
const hasRole = (title: string) =>
  sql`exists (select 1 from ${schema.userRoles} ur where ur.user_id = ${u.id} and ur.role_id = any(array(select r.id from ${schema.roles} r where r.title = ${title})))`;

/** The users chart's series of a user: a client contact, else a worker, else the office. */
export const userKind = sql<string>`case when ${hasRole(ROLE.client)} then 'client' when ${hasRole(ROLE.worker)} then 'worker' else 'office' end`;

/** A user's creation date in the agency's zone (the users chart's day). */
export const userDay = sql`(${u.createdAt} at time zone ${sql.raw(`'${AGENCY_TIME_ZONE}'`)})::date`;

// A local date is at most 14 hours off UTC: the instants of date d lie within d - 1 .. d + 2 (UTC
// midnights), so each date is one index range of starts_at / created_at.
const from = (d: SQL) => sql`((${d} - 1)::timestamp at time zone 'UTC')`;
const until = (d: SQL) => sql`((${d} + 2)::timestamp at time zone 'UTC')`;

/**
 * Counted live: (day, series, n) of the given dates (a date[] expression) — the one rule both
 * the readers (for marked dates) and the sweep (to rewrite them) use. Each date is its own
 * grouped LATERAL subquery, so it stays one index range of its instants: as a plain join the
 * planner hashed every job (the whole index, 166 ms at full scale for three marked dates).
 */
function liveCounts(source: CountSource, dates: SQL): SQL {
  const d = sql`d.day`;
  const perDay =
    source === "jobs"
      ? sql`select case when j.status = 'Cancelled' then 'cancelled' else 'live' end as series,
            count(*)::int as n
          from ${schema.jobs} j
          join ${schema.countries} c on c.id = j.country_id
         where j.deleted_at is null and j.starts_at >= ${from(d)} and j.starts_at < ${until(d)}
           and (j.starts_at at time zone c.time_zone)::date = ${d}
         group by 1`
      : sql`select ${userKind} as series, count(*)::int as n
          from ${u}
         where ${u.deletedAt} is null and ${u.createdAt} >= ${from(d)} and ${u.createdAt} < ${until(d)}
           and ${userDay} = ${d}
         group by 1`;
  return sql`select ${d} as day, x.series, x.n
      from unnest(${dates}) as d(day) cross join lateral (${perDay}) x`;
}

/**
 * The range's counts per label and series for `source`, without company or branch filter:
 * the counts of unmarked dates plus the live counts of the marked ones, in one statement.
 */
export async function countsPerLabel(
  db: DbOrTx,
  source: CountSource,
  f: StatisticsFilter,
): Promise<{ label: string; series: string; n: number }[]> {
  const inRange = (col: SQL) => sql`${col} between ${f.start}::date and ${f.end}::date`;
  const marked = sql`array(select distinct m.local_date from ${marks} m where m.source = ${source} and ${inRange(sql`m.local_date`)})`;
  // Added up per bucket (day or month) first, labelled per bucket after (sql.ts, bucketOf).
  const result = (await db.execute(sql`select ${labelOf(sql`b.bucket`, f.grain)} as label,
        b.series, b.n
      from (select ${bucketOf(sql`both_.day`, f.grain)} as bucket, both_.series,
                   sum(both_.n)::int as n
      from (
        select t.local_date as day, t.series, t.n from ${days} t
         where t.source = ${source} and ${inRange(sql`t.local_date`)}
           and not exists (select 1 from ${marks} m
                            where m.source = t.source and m.local_date = t.local_date)
        union all
        ${liveCounts(source, marked)}
      ) both_
     group by 1, 2) b`)) as unknown as { rows: { label: string; series: string; n: number }[] };
  return result.rows.map((r) => ({ label: r.label, series: r.series, n: Number(r.n) }));
}

const months = schema.statisticsClientMonths;

/**
 * A client's live jobs (not cancelled) whose local date falls in [first, last] (date
 * expressions of one day or one month): per client id. Grouped LATERAL per day or month, so each
 * stays one index range of starts_at (see liveCounts).
 */
const liveClientJobs = (first: SQL, last: SQL, sameDay: SQL) =>
  sql`select j.company_id, count(*)::int as n
      from ${schema.jobs} j
      join ${schema.countries} c on c.id = j.country_id
     where j.deleted_at is null and j.status <> 'Cancelled'
       and j.starts_at >= ${from(first)} and j.starts_at < ${until(last)}
       and ${sameDay}
     group by 1`;
const localOf = sql`(j.starts_at at time zone c.time_zone)::date`;

/**
 * Jobs per client (not cancelled) over the range, without company or branch filter, in one
 * statement: whole months of the range with no "jobs" mark from statistics_client_months, the
 * other days (the range's partial months, marked months) counted live per day. Added up per
 * client id, then named: grouping a year's ~5,600 month rows by id and name, after joining the
 * names to each, made 1.9 ms of execution at full scale (1.0 ms now). The clean months
 * are an array probed by the level's index range (as `in (select …)` it was a merge semi-join).
 */
export async function clientCounts(
  db: DbOrTx,
  f: StatisticsFilter,
): Promise<{ companyId: number; name: string; n: number }[]> {
  const start = sql`${f.start}::date`;
  const end = sql`${f.end}::date`;
  const result = (await db.execute(sql`with clean as (
        select m::date as month
          from generate_series(date_trunc('month', ${start}), ${end}, interval '1 month') m
         where m::date >= ${start} and (m + interval '1 month - 1 day')::date <= ${end}
           and not exists (select 1 from ${marks} k where k.source = 'jobs'
                            and k.local_date >= m::date and k.local_date < (m + interval '1 month')::date)),
      open_days as (
        select d::date as day from generate_series(${start}, ${end}, interval '1 day') d
         where date_trunc('month', d)::date not in (select month from clean))
      select per.company_id as "companyId", co.name, per.n
        from (
          select company_id, sum(n)::int as n from (
            select t.company_id, t.n from ${months} t
             where t.month between ${start} and ${end} and t.month = any(array(select month from clean))
            union all
            select x.company_id, x.n from open_days d
              cross join lateral (${liveClientJobs(sql`d.day`, sql`d.day`, sql`${localOf} = d.day`)}) x
          ) rows group by 1
        ) per
        join ${schema.companies} co on co.id = per.company_id`)) as unknown as {
    rows: { companyId: number; name: string; n: number }[];
  };
  return result.rows.map((r) => ({ companyId: Number(r.companyId), name: r.name, n: Number(r.n) }));
}

/**
 * One batch: the marks of up to `batch` marked (source, date) pairs (read first), then those
 * dates counted live (a later snapshot), the marks read deleted and the counts rewritten, in the
 * caller's transaction. Only one sweep runs at a time (a transaction advisory lock; another
 * instance skips its round), so batches commit in the order they read.
 *
 * Why a change is never lost: its mark is inserted in its own transaction. Committed before
 * the marks were read: it is in the counts read after. Committed later: its mark was not read,
 * so it is not deleted, and the date stays marked (counted live) until the next sweep.
 */
async function sweepBatch(db: DbOrTx, batch: number): Promise<number> {
  const read =
    (await db.execute(sql`select m.id, m.source, m.local_date::text as day from ${marks} m
      where (m.source, m.local_date) in (
        select distinct source, local_date from ${marks} order by 1, 2 limit ${batch})`)) as unknown as {
      rows: { id: string | number; source: CountSource; day: string }[];
    };
  if (!read.rows.length) return 0;
  await db.execute(
    sql`delete from ${marks} where id = any(${sql.param(read.rows.map((m) => Number(m.id)))}::bigint[])`,
  );
  let pairs = 0;
  for (const source of ["jobs", "users"] as const) {
    const dates = [...new Set(read.rows.filter((m) => m.source === source).map((m) => m.day))];
    if (!dates.length) continue;
    pairs += dates.length;
    const list = sql`${sql.param(dates)}::date[]`;
    await db.execute(
      sql`delete from ${days} where source = ${source} and local_date = any(${list})`,
    );
    await db.execute(sql`insert into ${days} (source, local_date, series, n)
        select ${source}, live.day, live.series, live.n from (${liveCounts(source, list)}) live`);
    if (source === "jobs") {
      // A "jobs" mark covers its month's client counts: those months are recounted whole.
      const touched = sql`${sql.param([...new Set(dates.map((d) => `${d.slice(0, 7)}-01`))])}::date[]`;
      const last = sql`(m.month + interval '1 month - 1 day')::date`;
      await db.execute(sql`delete from ${months} where month = any(${touched})`);
      await db.execute(sql`insert into ${months} (month, company_id, n)
          select m.month, x.company_id, x.n from unnest(${touched}) as m(month)
          cross join lateral (${liveClientJobs(sql`m.month`, last, sql`date_trunc('month', ${localOf})::date = m.month`)}) x`);
    }
  }
  return pairs;
}

/**
 * The background sweep (with the other roll-up rounds, lib/jobs): recounts marked dates in
 * batches, one transaction each, until none is left or `budgetMs` is spent. Answers the
 * (source, date) pairs counted and whether it got through them all (false also when another
 * instance holds the sweep).
 */
export async function sweepCountDays(
  db: Db,
  { budgetMs = Infinity, batch = COUNT_DAYS_BATCH }: { budgetMs?: number; batch?: number } = {},
): Promise<{ dates: number; done: boolean }> {
  return sweepInRounds(db, "count roll-up", "statistics_count_days", sweepBatch, {
    budgetMs,
    batch,
  });
}
