import { and, eq, gte, inArray, isNull, lt, or, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { schema, type DbOrTx } from "@/db";
import { FILLED_STATUSES } from "@/lib/domain/statuses";
import type { Grain, StatisticsFilter } from "./filter";

/**
 * The SQL pieces every statistics query shares: which jobs count (live, the company and
 * branch filters), a timestamp's local date in the job's country, and the label of its day or
 * month. Range filters first cut on the indexed UTC timestamp (a day wider each side, since a
 * local date is at most 14 hours off UTC), then on the exact local date.
 */

const DAY = 86_400_000;

/** The job's local date of a timestamp (the job's country's zone; join schema.countries). */
export const localDate = (at: AnyColumn | SQL) =>
  sql`(${at} at time zone ${schema.countries.timeZone})::date`;

/**
 * A date's day or month as a value cheap to group by: per month its first day, as a timestamp
 * without zone (a date's `to_char` converts it to a zoned timestamp first, row by row: at scale
 * that made most of a year's grouping). labelOf then makes the text once per bucket.
 */
export const bucketOf = (date: SQL | SQL.Aliased | AnyColumn, grain: Grain) =>
  grain === "day" ? sql`${date}` : sql`date_trunc('month', ${date}::timestamp)`;

/** The label of a date: "2026-10-05" per day, "2026-10" per month. */
export const labelOf = (date: SQL | SQL.Aliased | AnyColumn, grain: Grain) =>
  // The format is written inline (a constant): a bound parameter would differ between the
  // select list and GROUP BY, and PostgreSQL would not see them as the same expression.
  sql<string>`to_char(${date}, ${sql.raw(grain === "day" ? "'YYYY-MM-DD'" : "'YYYY-MM'")})`;

/**
 * A timestamp (with its local date) inside the filter's range. An instant a whole day inside
 * the UTC range is inside in every zone (no zone is a day off UTC), so only the days at the
 * edges pay for the zone conversion: converting every row of a year was most of the time of
 * the count calls at scale. `day`: the local date (default: in the job's country's zone).
 */
export function inRange(at: AnyColumn, f: StatisticsFilter, day: SQL = localDate(at)): SQL {
  const start = Date.parse(`${f.start}T00:00:00Z`);
  const end = Date.parse(`${f.end}T00:00:00Z`);
  return and(
    gte(at, new Date(start - DAY)),
    lt(at, new Date(end + 2 * DAY)),
    or(
      and(gte(at, new Date(start + DAY)), lt(at, new Date(end))),
      sql`${day} between ${f.start}::date and ${f.end}::date`,
    ),
  )!;
}

/** A date column (a salary line's work date) inside the range. */
export const dateInRange = (d: AnyColumn, f: StatisticsFilter) =>
  sql`${d} between ${f.start}::date and ${f.end}::date`;

/**
 * Live jobs of the company filter and of one of the filter's branches: a job belongs to its
 * client's default branch (what prices it) and to each branch it books from (job_branches).
 */
export function jobFilter(f: StatisticsFilter): SQL {
  const j = schema.jobs;
  return and(isNull(j.deletedAt), companyAndBranches(f, j.id, j.companyId))!;
}

/** The company and branch filters on a job's id and company (a job-day carries both). */
function companyAndBranches(f: StatisticsFilter, jobId: AnyColumn, companyId: AnyColumn) {
  return and(
    f.companyId !== null ? eq(companyId, f.companyId) : undefined,
    f.branchIds
      ? sql`(exists (select 1 from ${schema.jobBranches} where ${schema.jobBranches.jobId} = ${jobId} and ${inArray(schema.jobBranches.branchId, f.branchIds)}) or exists (select 1 from ${schema.companies} where ${schema.companies.id} = ${companyId} and ${inArray(schema.companies.defaultBranchId, f.branchIds)}))`
      : undefined,
  );
}

/** Decimal hours (2 places) of a number of seconds. */
export const hoursOf = (seconds: number) => Math.round((seconds / 3600) * 100) / 100;

/**
 * The places whose reported hours statistics count: filled (booked or further) on live shifts
 * and slots — the projection's rows. Join applications, shift_slots and shifts.
 */
export const filledPlace = () =>
  and(
    isNull(schema.shifts.deletedAt),
    isNull(schema.shiftSlots.deletedAt),
    inArray(schema.applications.status, [...FILLED_STATUSES]),
  )!;

const sj = schema.statisticsJobs;

/** The shared pricing version (migration 0023), read in the statement. */
export const currentPricing = sql`(select ${schema.pricingVersions.version} from ${schema.pricingVersions})`;

const jd = schema.statisticsJobDays;

/**
 * The job-days (statistics_job_days) of the range that count now, with the filter's company
 * and branches, read from one index range of dates without joining jobs: a row exists only for
 * a live job and carries its company (a change of either marks the job), and it counts when
 * priced under the current shared version and its job is not marked — the complement of
 * `notRolledUp` (a clean job's rows carry its statistics_jobs.pricing_version: the sweep writes
 * both in one transaction). The marked jobs are few (the sweep keeps up): an anti-join with
 * them costs a probe per row, where the stamp's join cost a lookup per row.
 */
export const rolledUpDays = (f: StatisticsFilter): SQL =>
  and(
    dateInRange(jd.localDate, f),
    sql`${jd.pricingVersion} >= ${currentPricing}`,
    sql`not exists (select 1 from ${sj} where ${sj.jobId} = ${jd.jobId} and ${sj.dirtyVersion} is not null)`,
    companyAndBranches(f, jd.jobId, jd.companyId),
  )!;

/**
 * A job to compute live: marked, or priced under an older shared version. Written as an array
 * of the (few) such jobs, which the planner probes shifts' job index with instead of reading
 * every shift of the range.
 */
export const notRolledUp = (jobId: AnyColumn): SQL =>
  sql`${jobId} = any(array(select ${sj.jobId} from ${sj} where ${sj.dirtyVersion} is not null union all select ${sj.jobId} from ${sj} where ${sj.dirtyVersion} is null and ${sj.pricingVersion} < ${currentPricing}))`;

const mt = schema.statisticsMonthTotals;

/** The company of the month level's rows that total every client (ids start at 1). */
export const ALL_CLIENTS = 0;

const ymd = (t: number) => new Date(t).toISOString().slice(0, 10);

/**
 * The whole months inside a monthly range (the first's first day, the last's last day), which
 * the month level (statistics_month_totals) answers; null when there are none, the range is
 * daily (labels per day) or filtered by branches (the level is per client, a job's branches are
 * not).
 */
export function wholeMonths(f: StatisticsFilter): { first: string; last: string } | null {
  if (f.grain !== "month" || f.branchIds) return null;
  const [sy, sm, sd] = f.start.split("-").map(Number);
  const [ey, em, ed] = f.end.split("-").map(Number);
  const first = sd === 1 ? f.start : ymd(Date.UTC(sy, sm, 1));
  const endsMonth = ed === new Date(Date.UTC(ey, em, 0)).getUTCDate();
  const last = endsMonth ? f.end : ymd(Date.UTC(ey, em - 1, 0));
  return first <= last ? { first, last } : null;
}

/**
 * The rolled-up half of reportedHours and the money calls, as rows (day, company_id, currency,
 * approved_seconds, pending_seconds, approved_price, days) to add up per label (a group whose
 * days add up to 0 holds no job-day: leave it out, as the job-days alone would): the whole months of
 * the range from the month level, minus the job-days of those months of the jobs computed live
 * (`notRolledUp`: the month level holds every job-day, stale ones included), plus the job-days
 * of the other days of the range that count (`rolledUpDays`). A year is then a few hundred
 * month rows and the marked jobs' days instead of ~30,000 job-days. Put it in the statement of
 * the live half (one snapshot): the month level and the job-days move together in the sweep's
 * transaction. `by`: what the caller adds up (per label, the month level's all-clients rows
 * serve; per client, each client's).
 */
export function rolledUpTotals(db: DbOrTx, f: StatisticsFilter, by: "label" | "client") {
  const whole = wholeMonths(f);
  const dayRows = (sign: "" | "-") => ({
    day: sql<string>`${jd.localDate}`.as("day"),
    companyId: sql<number>`${jd.companyId}`.as("company_id"),
    currency: sql<string | null>`${jd.currency}`.as("currency"),
    approvedSeconds: sql<string>`${sql.raw(sign)}${jd.approvedSeconds}`.as("approved_seconds"),
    pendingSeconds: sql<string>`${sql.raw(sign)}${jd.pendingSeconds}`.as("pending_seconds"),
    approvedPrice: sql<number>`${sql.raw(sign)}${jd.approvedPrice}`.as("approved_price"),
    days: sql<number>`${sql.raw(sign)}1`.as("days"),
  });
  if (!whole) return db.select(dayRows("")).from(jd).where(rolledUpDays(f)).as("days");
  const inWhole = (d: AnyColumn) => sql`${d} between ${whole.first}::date and ${whole.last}::date`;
  const months = db
    .select({
      day: sql<string>`${mt.month}`.as("day"),
      companyId: sql<number>`${mt.companyId}`.as("company_id"),
      currency: sql<string | null>`${mt.currency}`.as("currency"),
      approvedSeconds: sql<string>`${mt.approvedSeconds}`.as("approved_seconds"),
      pendingSeconds: sql<string>`${mt.pendingSeconds}`.as("pending_seconds"),
      approvedPrice: sql<number>`${mt.approvedPrice}`.as("approved_price"),
      days: sql<number>`${mt.days}`.as("days"),
    })
    .from(mt)
    .where(
      and(
        inWhole(mt.month),
        // Per label over every client: the all-clients rows, a few per month. Every client's
        // rows: the constant written into the text, so that a generic plan can still use the
        // partial index over the client rows (a parameter cannot prove its predicate).
        f.companyId !== null
          ? eq(mt.companyId, f.companyId)
          : by === "label"
            ? eq(mt.companyId, ALL_CLIENTS)
            : sql`${mt.companyId} <> ${sql.raw(String(ALL_CLIENTS))}`,
      ),
    );
  const stale = db
    .select(dayRows("-"))
    .from(jd)
    .where(
      and(
        notRolledUp(jd.jobId),
        inWhole(jd.localDate),
        f.companyId !== null ? eq(jd.companyId, f.companyId) : undefined,
      ),
    );
  const edges = db
    .select(dayRows(""))
    .from(jd)
    .where(and(rolledUpDays(f), sql`not (${inWhole(jd.localDate)})`));
  return months.unionAll(stale).unionAll(edges).as("days");
}
