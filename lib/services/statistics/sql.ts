import { and, eq, gte, inArray, isNull, lt, or, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { schema } from "@/db";
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
