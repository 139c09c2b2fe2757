import { and, asc, eq, gt, inArray, isNotNull, not, sql, type SQL } from "drizzle-orm";
import { schema, type Db, type Tx } from "@/db";
import { makeCtx, systemActor, withTx } from "../context";
import { priceReports, storedPriceIsCurrent } from "./revenue-pricing";

/**
 * Stored client prices (reported_hours.client_price_*, issue 27): approving hours stores their
 * price, and the background sweep stores the prices that are missing (hours seeded or approved
 * before the columns existed) or stale (a rate card, calendar, job or slot changed since). A
 * stored price carries the stamps it was computed under — the shared pricing version and its
 * job's version, read *before* the pricing inputs in the same transaction — so a change that
 * commits while it is priced leaves it stale, never wrong; statistics price stale rows live
 * (revenue-pricing.ts).
 */

const rh = schema.reportedHours;
const a = schema.applications;
const sl = schema.shiftSlots;
const sh = schema.shifts;
const j = schema.jobs;

/**
 * Prices the approved reports chosen by `where` whose stored price is missing or stale and
 * stores it, in the caller's transaction. The reports are locked (FOR UPDATE of the report, SKIP
 * LOCKED: one that another transaction is changing is left for the next round) and read with
 * the stamps in one statement, so neither its times nor its slot can change before the write.
 * Stores without touching updated_at: the undo of an approval compares it. Answers how many it
 * read (whether priced or not) and the last id, for batching.
 */
async function storePrices(
  db: Tx,
  where: SQL,
  limit: number,
): Promise<{ read: number; lastId: number | null }> {
  const rows = await db
    .select({
      id: rh.id,
      startsAt: rh.startsAt,
      endsAt: rh.endsAt,
      skillId: sl.skillId,
      jobId: sh.jobId,
      version:
        sql<number>`(select ${schema.pricingVersions.version} from ${schema.pricingVersions})`.mapWith(
          Number,
        ),
      jobVersion: j.pricingVersion,
    })
    .from(rh)
    .innerJoin(a, eq(a.id, rh.applicationId))
    .innerJoin(sl, eq(sl.id, a.shiftSlotId))
    .innerJoin(sh, eq(sh.id, sl.shiftId))
    .innerJoin(j, eq(j.id, sh.jobId))
    .where(and(isNotNull(rh.approvedAt), not(storedPriceIsCurrent), where))
    .orderBy(asc(rh.id))
    .limit(limit)
    .for("update", { of: rh, skipLocked: true });
  if (!rows.length) return { read: 0, lastId: null };
  const prices = await priceReports(db, rows);
  const values = rows.flatMap((r, i) => {
    const p = prices[i];
    return p
      ? [
          sql`(${r.id}::int, ${p.exact}::bigint, ${p.currency}::char(3), ${r.version}::bigint, ${r.jobVersion}::int)`,
        ]
      : [];
  });
  if (values.length)
    await db.execute(sql`
      update ${rh} set
        client_price = v.price, client_price_currency = v.currency,
        client_price_version = v.version, client_price_job_version = v.job_version
      from (values ${sql.join(values, sql`, `)}) as v(id, price, currency, version, job_version)
      where ${rh.id} = v.id`);
  return { read: rows.length, lastId: rows[rows.length - 1].id };
}

/**
 * Approving hours (hours/approve.ts, hours/approve-matching.ts): stores the reports' client
 * prices in the approval's transaction, all of them in one go (the same few statements for 1
 * report as for 500).
 */
export async function storeClientPrices(db: Tx, reportIds: readonly number[]): Promise<void> {
  if (reportIds.length) await storePrices(db, inArray(rh.id, [...reportIds]), reportIds.length);
}

/** How many reports one transaction of the sweep prices (about a second of pricing). */
export const SWEEP_BATCH = 2000;

/**
 * Where the sweep stands in this process, per database: the report it stopped after (a run has
 * a time budget) and the pricing inputs' fingerprint of its last complete pass. Only a cache:
 * losing it costs one pass over the approved reports.
 */
interface SweepState {
  afterId: number;
  passedAt: string | null;
}
const memo = globalThis as unknown as { __crewdeckPriceSweep?: WeakMap<Db, SweepState> };

/**
 * What a complete pass depends on, read cheaply (two one-row tables and a partial index): the
 * shared pricing version, the count of committed moves of any job's version, and whether an
 * approved report has no price. Equal to the last pass's and nothing missing: nothing to do.
 */
async function fingerprint(db: Db): Promise<{ key: string; missing: boolean }> {
  const [row] = await db
    .select({
      version: sql<string>`(select ${schema.pricingVersions.version} from ${schema.pricingVersions})::text`,
      jobs: sql<string>`(select ${schema.jobPricingChanges.changes} from ${schema.jobPricingChanges})::text`,
      missing: sql<boolean>`exists (select 1 from ${rh} where ${rh.approvedAt} is not null and ${rh.clientPrice} is null)`,
    })
    .from(schema.pricingVersions);
  return { key: `${row.version}:${row.jobs}`, missing: row.missing };
}

/**
 * The background sweep: prices missing and stale stored prices in batches of `batch` reports,
 * one transaction per batch, by report id, until a pass over every approved report is complete
 * or `budgetMs` is spent (the next run goes on from where this one stopped). Answers the reports
 * priced and whether the pass is complete.
 */
export async function sweepClientPrices(
  db: Db,
  { budgetMs = Infinity, batch = SWEEP_BATCH }: { budgetMs?: number; batch?: number } = {},
): Promise<{ priced: number; done: boolean }> {
  const started = Date.now();
  const states = (memo.__crewdeckPriceSweep ??= new WeakMap());
  const state = states.get(db) ?? { afterId: 0, passedAt: null };
  states.set(db, state);
  // Read before the pass: a change during the pass makes the next run look again.
  const fp = await fingerprint(db);
  if (state.afterId === 0 && !fp.missing && fp.key === state.passedAt)
    return { priced: 0, done: true };
  let priced = 0;
  for (;;) {
    const { read, lastId } = await withTx(makeCtx(db, systemActor("client prices")), (ctx) =>
      storePrices(ctx.db, gt(rh.id, state.afterId), batch),
    );
    priced += read;
    if (lastId === null || read < batch) {
      state.afterId = 0;
      state.passedAt = fp.key;
      return { priced, done: true };
    }
    state.afterId = lastId;
    if (Date.now() - started >= budgetMs) return { priced, done: false };
  }
}

/** The reports chosen by id whose stored price is not current (tests and checks). */
export async function staleReportIds(db: Db | Tx, reportIds: number[]): Promise<number[]> {
  const rows = await db
    .select({ id: rh.id })
    .from(rh)
    .innerJoin(a, eq(a.id, rh.applicationId))
    .innerJoin(sl, eq(sl.id, a.shiftSlotId))
    .innerJoin(sh, eq(sh.id, sl.shiftId))
    .innerJoin(j, eq(j.id, sh.jobId))
    .where(and(inArray(rh.id, reportIds.length ? reportIds : [0]), not(storedPriceIsCurrent)));
  return rows.map((r) => r.id);
}
