import { and, eq, gt, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { schema, type Db, type Tx } from "@/db";
import { makeCtx, systemActor, withTx } from "../context";
import { priceReports, reportToPriceOfGroup, storedPriceIsCurrent } from "./revenue-pricing";
import { ALL_CLIENTS, currentPricing, filledPlace, localDate } from "./sql";

/**
 * The statistics roll-up (issue 27): per job and local work date the seconds approved and
 * pending and the client price of the approved ones (statistics_job_days), so reportedHours and
 * the money calls add a few rows per job instead of joining every report of the range through
 * applications, slots, shifts and jobs.
 *
 * Exact, never stale: every write that moves a report's figures marks its job dirty in the same
 * transaction (triggers of migration 0028 set statistics_jobs.dirty_version to a fresh value);
 * shared pricing inputs move pricing_versions.version, which a job's totals carry as their
 * stamp. Readers add the totals of clean jobs (`rolledUpDays`, sql.ts) and compute the other jobs
 * live (`notRolledUp`) in one statement, so both halves read one snapshot and every job is counted by
 * exactly one of them. The sweep below recomputes dirty jobs and clears their mark.
 */

const sj = schema.statisticsJobs;
const jd = schema.statisticsJobDays;
const mt = schema.statisticsMonthTotals;
const rh = schema.reportedHours;
const a = schema.applications;
const sl = schema.shiftSlots;
const sh = schema.shifts;
const j = schema.jobs;

/** How many jobs one transaction of the sweep recomputes. */
export const JOB_DAYS_BATCH = 200;

const seconds = sql`extract(epoch from (${rh.endsAt} - ${rh.startsAt}))`;

interface Day {
  jobId: number;
  localDate: string;
  companyId: number;
  /** Microseconds (exact: timestamps have microsecond precision). */
  approved: bigint;
  pending: bigint;
  currency: string | null;
  price: number;
}

/**
 * One batch: reads up to `batch` marked jobs after `afterId` with their marks and the shared
 * pricing version (read first: a shared change after this makes the totals' stamp old, never
 * wrong), their reports per day in one statement, prices live the approved reports without a
 * current stored price (the money calls' own pricing), then clears the marks still holding the
 * value read and writes those jobs' totals, all in the caller's transaction.
 *
 * Why a mark is never lost: a writer's upsert sets a fresh sequence value while holding the
 * job's row lock until it commits. Clearing locks the rows with SKIP LOCKED and re-checks the
 * value: a writer that committed after our read changed it (not cleared), one still running
 * holds the lock (skipped, not cleared), and one starting later waits for our commit and marks
 * again. So a cleared job had no report change commit since the read, and its totals are exact.
 * Two sweeps reading the same mark: one clears it, the other finds it gone and writes nothing.
 */
async function sweepBatch(
  db: Tx,
  afterId: number,
  batch: number,
): Promise<{ read: number; lastId: number | null }> {
  const marks = await db
    .select({
      jobId: sj.jobId,
      version: sql<string>`${sj.dirtyVersion}::text`,
      pricing: sql<string>`${currentPricing}::text`,
    })
    .from(sj)
    .where(and(isNotNull(sj.dirtyVersion), gt(sj.jobId, afterId)))
    .orderBy(sj.jobId)
    .limit(batch);
  if (!marks.length) return { read: 0, lastId: null };
  const jobIds = marks.map((m) => m.jobId);
  const current = storedPriceIsCurrent;
  const liveId = sql`case when ${rh.approvedAt} is not null and not ${current} then ${rh.id} end`;
  const rows = await db
    .select({
      jobId: sh.jobId,
      localDate: sql<string>`${localDate(sh.startsAt)}::text`,
      liveId: sql<number | null>`${liveId}`,
      companyId: sql<number>`min(${j.companyId})`.mapWith(Number),
      approved: sql<string>`coalesce(sum((${seconds} * 1000000)::bigint) filter (where ${rh.approvedAt} is not null), 0)::text`,
      pending: sql<string>`coalesce(sum((${seconds} * 1000000)::bigint) filter (where ${rh.approvedAt} is null), 0)::text`,
      currency: sql<string | null>`max(case when ${current} then ${rh.clientPriceCurrency} end)`,
      stored:
        sql<number>`coalesce(sum(case when ${current} then ${rh.clientPrice} end), 0)`.mapWith(
          Number,
        ),
      ...reportToPriceOfGroup,
    })
    .from(rh)
    .innerJoin(a, eq(a.id, rh.applicationId))
    .innerJoin(sl, eq(sl.id, a.shiftSlotId))
    .innerJoin(sh, eq(sh.id, sl.shiftId))
    .innerJoin(j, eq(j.id, sh.jobId))
    .innerJoin(schema.countries, eq(schema.countries.id, j.countryId))
    // A deleted job has no days (the readers then need not join jobs); deleting or restoring
    // it marks it.
    .where(and(filledPlace(), isNull(j.deletedAt), inArray(sh.jobId, jobIds)))
    .groupBy(sql.raw("1, 2, 3"));

  const live = rows.filter((r) => r.liveId !== null);
  const prices = await priceReports(db, live);
  const days = new Map<string, Day>();
  // A job whose day would hold two currencies is not rolled up (read live): one row per day.
  const mixed = new Set<number>();
  const add = (r: (typeof rows)[number], currency: string | null, price: number) => {
    const key = `${r.jobId}:${r.localDate}`;
    const day = days.get(key) ?? {
      jobId: r.jobId,
      localDate: r.localDate,
      companyId: r.companyId,
      approved: BigInt(0),
      pending: BigInt(0),
      currency: null,
      price: 0,
    };
    days.set(key, day);
    day.approved += BigInt(r.approved);
    day.pending += BigInt(r.pending);
    day.price += price;
    if (currency !== null) {
      if (day.currency !== null && day.currency !== currency) mixed.add(r.jobId);
      day.currency = currency;
    }
  };
  for (const r of rows)
    if (r.liveId === null) add(r, r.currency === null ? null : r.currency.trim(), r.stored);
  live.forEach((r, i) => {
    const price = prices[i];
    // No pricing: the job is gone since the read (its deletion marked it again).
    if (price) add(r, price.currency, price.exact);
    else mixed.add(r.jobId);
  });

  const clearable = marks.filter((m) => !mixed.has(m.jobId));
  if (clearable.length) {
    const pairs = sql.join(
      clearable.map((m) => sql`(${m.jobId}::int, ${m.version}::bigint)`),
      sql`, `,
    );
    const cleared = (await db.execute(sql`
      update ${sj} set dirty_version = null, pricing_version = ${marks[0].pricing}::bigint
      where job_id in (
        select job_id from ${sj} where (job_id, dirty_version) in (values ${pairs})
        for update skip locked)
      returning job_id`)) as unknown as { rows: { job_id: number }[] };
    const done = cleared.rows.map((r) => Number(r.job_id));
    if (done.length) {
      // The month level moves by exactly the rows replaced here (see monthDeltas).
      const gone = (await db.execute(sql`
        with gone as (delete from ${jd} where ${inArray(jd.jobId, done)} returning *)
        select to_char(local_date, 'YYYY-MM-01') as month, company_id, currency,
               sum(approved_seconds)::text as approved, sum(pending_seconds)::text as pending,
               sum(approved_price)::text as price, count(*)::int as days
          from gone group by 1, 2, 3`)) as unknown as { rows: MonthRow[] };
      const doneSet = new Set(done);
      const written = [...days.values()].filter((d) => doneSet.has(d.jobId));
      await moveMonthTotals(db, gone.rows, written);
      const values = written.map(
        (d) =>
          sql`(${d.jobId}::int, ${d.localDate}::date, round(${d.approved.toString()}::numeric / 1000000, 6), round(${d.pending.toString()}::numeric / 1000000, 6), ${d.currency}::char(3), ${d.price}::bigint, ${d.companyId}::int, ${marks[0].pricing}::bigint)`,
      );
      if (values.length)
        await db.execute(sql`
          insert into ${jd} (job_id, local_date, approved_seconds, pending_seconds, currency, approved_price, company_id, pricing_version)
          values ${sql.join(values, sql`, `)}`);
      // A job deleted outright leaves no totals and no mark behind.
      await db.execute(
        sql`delete from ${sj} where ${inArray(sj.jobId, done)} and not exists (select 1 from ${j} where ${j.id} = ${sj.jobId})`,
      );
    }
  }
  return { read: marks.length, lastId: marks[marks.length - 1].jobId };
}

/** A month's sum of job-days (seconds as numeric text) leaving or entering the month level. */
interface MonthRow {
  month: string;
  company_id: number;
  currency: string | null;
  approved: string;
  pending: string;
  price: string;
  days: number;
}

/** Exact microseconds of a numeric number of seconds (at most 6 decimals, as stored). */
function micros(seconds: string): bigint {
  const negative = seconds.startsWith("-");
  const [whole, fraction = ""] = seconds.replace("-", "").split(".");
  const value = BigInt(whole) * BigInt(1_000_000) + BigInt(fraction.padEnd(6, "0").slice(0, 6));
  return negative ? -value : value;
}

/**
 * Moves statistics_month_totals by the job-days a batch replaces: minus the rows deleted, plus
 * the rows written, per month, client and currency and per month and currency for all clients
 * (company ALL_CLIENTS), so each month's totals stay the sum of its
 * job-days (the readers rely on it: they subtract the rows of marked jobs from them). One
 * upsert in key order: two sweeps moving the same months lock them in the same order.
 */
async function moveMonthTotals(db: Tx, gone: MonthRow[], written: Day[]) {
  const deltas = new Map<
    string,
    {
      month: string;
      companyId: number;
      currency: string | null;
      approved: bigint;
      pending: bigint;
      price: bigint;
      days: number;
    }
  >();
  const at = (month: string, companyId: number, currency: string | null) => {
    const key = `${month}|${String(companyId).padStart(12, "0")}|${currency ?? ""}`;
    const delta = deltas.get(key) ?? {
      month,
      companyId,
      currency,
      approved: BigInt(0),
      pending: BigInt(0),
      price: BigInt(0),
      days: 0,
    };
    deltas.set(key, delta);
    return delta;
  };
  for (const r of gone)
    for (const company of [Number(r.company_id), ALL_CLIENTS]) {
      const d = at(r.month, company, r.currency === null ? null : r.currency.trim());
      d.approved -= micros(r.approved);
      d.pending -= micros(r.pending);
      d.price -= BigInt(r.price);
      d.days -= Number(r.days);
    }
  for (const w of written)
    for (const company of [w.companyId, ALL_CLIENTS]) {
      const d = at(`${w.localDate.slice(0, 7)}-01`, company, w.currency);
      d.approved += w.approved;
      d.pending += w.pending;
      d.price += BigInt(w.price);
      d.days += 1;
    }
  const zero = BigInt(0);
  const values = [...deltas.entries()]
    .filter(
      ([, d]) => d.approved !== zero || d.pending !== zero || d.price !== zero || d.days !== 0,
    )
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(
      ([, d]) =>
        sql`(${d.month}::date, ${d.companyId}::int, ${d.currency}::char(3), round(${d.approved.toString()}::numeric / 1000000, 6), round(${d.pending.toString()}::numeric / 1000000, 6), ${d.price.toString()}::bigint, ${d.days}::int)`,
    );
  if (!values.length) return;
  await db.execute(sql`
    insert into ${mt} as t (month, company_id, currency, approved_seconds, pending_seconds, approved_price, days)
    values ${sql.join(values, sql`, `)}
    on conflict (month, company_id, currency) do update set
      approved_seconds = t.approved_seconds + excluded.approved_seconds,
      pending_seconds = t.pending_seconds + excluded.pending_seconds,
      approved_price = t.approved_price + excluded.approved_price,
      days = t.days + excluded.days`);
}

/**
 * The background sweep (with the stored prices' round, lib/jobs): first marks the jobs priced
 * under an older shared version (so they are recomputed under the same protocol as any other
 * change), then recomputes marked jobs in batches, one transaction each, until none is left or
 * `budgetMs` is spent. Answers the jobs read and whether it got through them all.
 */
export async function sweepJobDays(
  db: Db,
  { budgetMs = Infinity, batch = JOB_DAYS_BATCH }: { budgetMs?: number; batch?: number } = {},
): Promise<{ jobs: number; done: boolean }> {
  const started = Date.now();
  await db.execute(sql`
    update ${sj} set dirty_version = nextval('statistics_dirty_version')
    where job_id in (
      select job_id from ${sj}
      where dirty_version is null and pricing_version < ${currentPricing}
      order by job_id for update skip locked)`);
  let afterId = 0;
  let jobs = 0;
  for (;;) {
    const { read, lastId } = await withTx(makeCtx(db, systemActor("statistics roll-up")), (ctx) =>
      sweepBatch(ctx.db, afterId, batch),
    );
    jobs += read;
    if (lastId === null || read < batch) return { jobs, done: true };
    afterId = lastId;
    if (Date.now() - started >= budgetMs) return { jobs, done: false };
  }
}
