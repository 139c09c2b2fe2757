import { and, eq, sql } from "drizzle-orm";
import { schema, type DbOrTx } from "@/db";
import type { StatisticsFilter } from "./filter";
import { salaryPerClient, salaryPerDay } from "./salary-days";
import { bucketOf, dateInRange, inRange, jobFilter, labelOf, localDate } from "./sql";

/**
 * The cost side of the money statistics, summed in SQL per label (or client) and currency:
 * - salary lines: what the salary run priced for each approved report (worker cost), dated by
 *   the line's work date (the shift's local date in the job's zone);
 * - additional costs: quantity × unit amount, dated by the job's first shift (local date).
 */

const sl = schema.salaryLines;
const j = schema.jobs;
const ac = schema.additionalCosts;

/** Whether the filter names a company or branches (lines then need their job). */
const scoped = (f: StatisticsFilter) => f.companyId !== null || f.branchIds !== null;

/**
 * Salary lines per label, currency and paid/draft. Lines of a removed job count unfiltered.
 * Added up per work date first — without a company or branch filter from the salary roll-up
 * (salary-days.ts: the totals of unmarked dates, the lines of marked ones); with one from the
 * lines of the filter's jobs (the work-date index holds every column read: an index-only scan)
 * — then per day or month (bucketOf), and only then labelled: the text is made per bucket.
 */
export function salaryByLabel(db: DbOrTx, f: StatisticsFilter) {
  const perDay = scoped(f)
    ? db
        .select({
          workDate: sl.workDate,
          currency: sql<string>`${sl.currencyCode}`.as("currency"),
          paid: sql<boolean>`${sl.status} = 'paid'`.as("paid"),
          amount: sql<string>`sum(${sl.amount})`.as("amount"),
          minutes:
            sql<string>`sum(${sl.standardMinutes} + ${sl.weekendMinutes} + ${sl.nightMinutes})`.as(
              "minutes",
            ),
        })
        .from(sl)
        .leftJoin(j, eq(j.id, sl.jobId))
        .where(and(dateInRange(sl.workDate, f), jobFilter(f)))
        .groupBy(sl.workDate, sl.currencyCode, sl.status)
        .as("per_day")
    : salaryPerDay(db, f);
  const perBucket = db
    .select({
      bucket: sql`${bucketOf(perDay.workDate, f.grain)}`.as("bucket"),
      currency: sql<string>`${perDay.currency}`.as("bucket_currency"),
      paid: sql<boolean>`${perDay.paid}`.as("bucket_paid"),
      amount: sql<string>`coalesce(sum(${perDay.amount}), 0)::bigint`.as("bucket_amount"),
      minutes: sql<string>`coalesce(sum(${perDay.minutes}), 0)::bigint`.as("bucket_minutes"),
    })
    .from(perDay)
    .groupBy(sql`1, 2, 3`)
    .as("per_bucket");
  return db
    .select({
      label: labelOf(perBucket.bucket, f.grain),
      currency: perBucket.currency,
      paid: perBucket.paid,
      amount: sql<number>`${perBucket.amount}`.mapWith(Number),
      minutes: sql<number>`${perBucket.minutes}`.mapWith(Number),
    })
    .from(perBucket);
}

/**
 * Salary lines per client and currency (lines of live jobs): from the per-client salary level
 * (salary-days.ts, salaryPerClient) unless branches are filtered (a job's branches are not
 * rolled up), then from the lines of the filter's jobs.
 */
export async function salaryByCompany(db: DbOrTx, f: StatisticsFilter) {
  if (!f.branchIds) return salaryPerClient(db, f);
  return db
    .select({
      companyId: j.companyId,
      companyName: schema.companies.name,
      currency: sl.currencyCode,
      amount: sql<number>`coalesce(sum(${sl.amount}), 0)::bigint`.mapWith(Number),
    })
    .from(sl)
    .innerJoin(j, eq(j.id, sl.jobId))
    .innerJoin(schema.companies, eq(schema.companies.id, j.companyId))
    .where(and(dateInRange(sl.workDate, f), jobFilter(f)))
    .groupBy(j.companyId, schema.companies.name, sl.currencyCode);
}

const costAmount = sql<number>`coalesce(sum(${ac.quantity}::bigint * ${ac.unitAmount}), 0)::bigint`;

/** Additional costs per label and currency, by the job's first day. */
export function costsByLabel(db: DbOrTx, f: StatisticsFilter) {
  const label = labelOf(localDate(j.startsAt), f.grain);
  return db
    .select({ label, currency: ac.currencyCode, amount: costAmount.mapWith(Number) })
    .from(ac)
    .innerJoin(j, eq(j.id, ac.jobId))
    .innerJoin(schema.countries, eq(schema.countries.id, j.countryId))
    .where(and(jobFilter(f), inRange(j.startsAt, f)))
    .groupBy(label, ac.currencyCode);
}

/** Additional costs per client and currency, by the job's first day. */
export function costsByCompany(db: DbOrTx, f: StatisticsFilter) {
  return db
    .select({
      companyId: j.companyId,
      companyName: schema.companies.name,
      currency: ac.currencyCode,
      amount: costAmount.mapWith(Number),
    })
    .from(ac)
    .innerJoin(j, eq(j.id, ac.jobId))
    .innerJoin(schema.countries, eq(schema.countries.id, j.countryId))
    .innerJoin(schema.companies, eq(schema.companies.id, j.companyId))
    .where(and(jobFilter(f), inRange(j.startsAt, f)))
    .groupBy(j.companyId, schema.companies.name, ac.currencyCode);
}

/** Salary lines per worker and currency (the workers download's earnings). */
export function salaryByUser(db: DbOrTx, f: StatisticsFilter) {
  return db
    .select({
      userId: sl.userId,
      currency: sl.currencyCode,
      amount: sql<number>`coalesce(sum(${sl.amount}), 0)::bigint`.mapWith(Number),
    })
    .from(sl)
    .leftJoin(j, eq(j.id, sl.jobId))
    .where(and(dateInRange(sl.workDate, f), scoped(f) ? jobFilter(f) : undefined))
    .groupBy(sl.userId, sl.currencyCode);
}
