import { and, inArray, sql, type SQL } from "drizzle-orm";
import { schema, type Db, type DbOrTx } from "@/db";
import type { StatisticsFilter } from "./filter";
import { sweepInRounds } from "./sweep-rounds";
import { dateInRange } from "./sql";

/**
 * The salary roll-up (issue 27): per work date, currency and paid/draft the salary lines'
 * amount and minutes (statistics_salary_days), so the salary charts add a few rows per day
 * instead of every line of the range (~160,000 a year at scale).
 *
 * Exact, never stale: every statement that changes a line's figures inserts a mark for each
 * work date it touched, in its own transaction (triggers of the migration adding these tables).
 * Readers add the totals of unmarked dates and the lines of marked ones in one statement, so
 * both halves read one snapshot and every date counts once. The sweep below rewrites the totals
 * of marked dates and deletes the marks it read.
 */

const days = schema.statisticsSalaryDays;
const marks = schema.statisticsSalaryMarks;
const sl = schema.salaryLines;
const clientMonths = schema.statisticsSalaryClientMonths;

/** How many work dates one transaction of the sweep recomputes. */
export const SALARY_DAYS_BATCH = 100;

const minutes = sql`${sl.standardMinutes} + ${sl.weekendMinutes} + ${sl.nightMinutes}`;

/**
 * The range's salary per work date, currency and paid (a subquery's rows: workDate, currency,
 * paid, amount, minutes): the totals of dates without a mark, the lines of the marked ones.
 */
export function salaryPerDay(db: DbOrTx, f: StatisticsFilter) {
  const marked = sql`array(select ${marks.workDate} from ${marks} where ${dateInRange(marks.workDate, f)})`;
  const totals = db
    .select({
      workDate: days.workDate,
      currency: sql<string>`${days.currencyCode}`.as("currency"),
      paid: sql<boolean>`${days.paid}`.as("paid"),
      amount: sql<string>`${days.amount}`.as("amount"),
      minutes: sql<string>`${days.minutes}`.as("minutes"),
    })
    .from(days)
    .where(
      // The range's marked dates once, as an array: a `not exists` per row was an anti-join
      // probing the marks for each of a year's ~1,850 rows (1.4 → 0.9 ms at full scale).
      and(dateInRange(days.workDate, f), sql`${days.workDate} <> all(${marked})`),
    );
  const lines = db
    .select({
      workDate: sl.workDate,
      currency: sql<string>`${sl.currencyCode}`.as("currency"),
      paid: sql<boolean>`${sl.status} = 'paid'`.as("paid"),
      amount: sql<string>`sum(${sl.amount})::bigint`.as("amount"),
      minutes: sql<string>`sum(${minutes})::bigint`.as("minutes"),
    })
    .from(sl)
    .where(and(dateInRange(sl.workDate, f), sql`${sl.workDate} = any(${marked})`))
    .groupBy(sql`1, 2, 3`);
  return totals.unionAll(lines).as("per_day");
}

/**
 * The range's salary lines of live jobs per client and currency (client margins), without a
 * branch filter, in one statement: the whole months of the range with no marked date from the
 * per-client level (statistics_salary_client_months), the lines of the other days (the range's
 * partial months, marked months) joined with their jobs — the same rule the sweep writes the
 * level by. Each open day is a grouped LATERAL subquery: one index range of the work-date index
 * and its jobs probed by key (as one join over an array of days the planner, not knowing how
 * many, hashed every job). A range of whole clean months reads the level's rows and no line.
 * Added up per client id and currency, then named (as jobsPerClient's clientCounts): a year is
 * ~5,100 level rows at full scale, which the names' join and grouping cost per row.
 */
export async function salaryPerClient(
  db: DbOrTx,
  f: StatisticsFilter,
): Promise<{ companyId: number; companyName: string; currency: string; amount: number }[]> {
  const start = sql`${f.start}::date`;
  const end = sql`${f.end}::date`;
  const ofCompany = (col: SQL) => (f.companyId !== null ? sql`and ${col} = ${f.companyId}` : sql``);
  const result = (await db.execute(sql`with clean as (
        select m::date as month
          from generate_series(date_trunc('month', ${start}), ${end}, interval '1 month') m
         where m::date >= ${start} and (m + interval '1 month - 1 day')::date <= ${end}
           and not exists (select 1 from ${marks} k
                            where k.work_date >= m::date and k.work_date < (m + interval '1 month')::date))
      select per.company_id as "companyId", co.name as "companyName",
             per.currency_code as currency, per.amount
        from (
          select company_id, currency_code, sum(amount)::bigint as amount from (
            select t.company_id, t.currency_code, t.amount from ${clientMonths} t
             where t.month = any(array(select month from clean)) ${ofCompany(sql`t.company_id`)}
            union all
            select x.company_id, x.currency_code, x.amount
              from unnest(array(
                     select d::date from generate_series(${start}, ${end}, interval '1 day') d
                      where date_trunc('month', d)::date not in (select month from clean))) as d(day)
             cross join lateral (
               select j.company_id, l.currency_code, sum(l.amount) as amount
                 from ${sl} l join ${schema.jobs} j on j.id = l.job_id
                where l.work_date = d.day and j.deleted_at is null ${ofCompany(sql`j.company_id`)}
                group by 1, 2) x
          ) rows group by 1, 2
        ) per
        join ${schema.companies} co on co.id = per.company_id`)) as unknown as {
    rows: { companyId: number; companyName: string; currency: string; amount: string | number }[];
  };
  return result.rows.map((r) => ({
    companyId: Number(r.companyId),
    companyName: r.companyName,
    currency: r.currency,
    amount: Number(r.amount),
  }));
}

/**
 * One batch: the marks of up to `batch` marked dates (read first), then those dates' totals
 * from their lines (a later snapshot), the marks read deleted and the dates' totals rewritten,
 * in the caller's transaction. Only one sweep runs at a time (a transaction advisory lock;
 * another instance skips its round), so batches commit in the order they read.
 *
 * Why a change is never lost: its mark is inserted in its own transaction. Committed before
 * the marks were read: its lines are in the totals read after. Committed later: its mark was not
 * read, so it is not deleted, and the date stays marked (read live) until the next sweep.
 */
async function sweepBatch(db: DbOrTx, batch: number): Promise<number> {
  const read = await db
    .select({ id: marks.id, workDate: marks.workDate })
    .from(marks)
    .where(
      inArray(
        marks.workDate,
        db.selectDistinct({ d: marks.workDate }).from(marks).orderBy(marks.workDate).limit(batch),
      ),
    );
  if (!read.length) return 0;
  const dates = [...new Set(read.map((m) => m.workDate))];
  await db.delete(marks).where(
    inArray(
      marks.id,
      read.map((m) => m.id),
    ),
  );
  await db.delete(days).where(inArray(days.workDate, dates));
  await db.insert(days).select(
    db
      .select({
        workDate: sl.workDate,
        currencyCode: sl.currencyCode,
        paid: sql<boolean>`${sl.status} = 'paid'`.as("paid"),
        amount: sql<number>`sum(${sl.amount})`.as("amount"),
        minutes: sql<number>`sum(${minutes})`.as("minutes"),
      })
      .from(sl)
      .where(inArray(sl.workDate, dates))
      .groupBy(sql`1, 2, 3`),
  );
  // The per-client level (client margins) is kept per month: a mark covers its month, which is
  // rewritten whole from its lines of live jobs (the rule of salaryByCompany's live half).
  const touched = sql`${sql.param([...new Set(dates.map((d) => `${d.slice(0, 7)}-01`))])}::date[]`;
  await db.execute(sql`delete from ${clientMonths} where month = any(${touched})`);
  await db.execute(sql`insert into ${clientMonths} (month, company_id, currency_code, amount)
      select m.month, j.company_id, l.currency_code, sum(l.amount)
        from unnest(${touched}) as m(month)
        join ${sl} l on l.work_date >= m.month and l.work_date < (m.month + interval '1 month')::date
        join ${schema.jobs} j on j.id = l.job_id and j.deleted_at is null
       group by 1, 2, 3`);
  return dates.length;
}

/**
 * The background sweep (with the job-days round, lib/jobs): recomputes marked dates in batches,
 * one transaction each, until none is left or `budgetMs` is spent. Answers the dates totalled
 * and whether it got through them all (false also when another instance holds the sweep).
 */
export async function sweepSalaryDays(
  db: Db,
  { budgetMs = Infinity, batch = SALARY_DAYS_BATCH }: { budgetMs?: number; batch?: number } = {},
): Promise<{ dates: number; done: boolean }> {
  return sweepInRounds(db, "salary roll-up", "statistics_salary_days", sweepBatch, {
    budgetMs,
    batch,
  });
}
