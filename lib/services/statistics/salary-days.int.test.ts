import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { schema, type Db } from "@/db";
import { env } from "@/lib/env";
import { countingDb } from "@/lib/testing/counting-db";
import { ctxFor } from "@/lib/testing/fixtures";
import { makeCtx, type Ctx } from "../context";
import { buildJobSalaries, paySalary } from "../salary";
import {
  approvedHours,
  db,
  handle,
  k,
  linesOf,
  NOV,
  now,
  rate,
  setupSalaryWorld,
} from "../salary/salary.test-support";
import { statistics } from ".";
import { sweepSalaryDays } from "./salary-days";

setupSalaryWorld();

/*
 * The salary roll-up (issue 27): after every kind of change to salary lines the salary charts
 * answer exactly what they answer computed from the lines, before the sweep (the change marked
 * its dates, which are then read live) and after it (read from the rewritten totals). A missing
 * trigger leaves a date unmarked with its old totals: the "before" comparison and the mark
 * checks fail. The cases build on each other, in order.
 */

const marks = schema.statisticsSalaryMarks;
const sl = schema.salaryLines;
const CALLS = ["workerEarnings", "consolidatedExpenses", "clientMargins"] as const;
/**
 * Monthly over two months, daily over November (a moved date shows), from mid-October (client
 * margins then read October's lines and November's client month), and one client's.
 */
const RANGES: Record<string, string | number>[] = [
  { start: "2026-10-01", end: "2026-11-30" },
  { start: "2026-11-01", end: "2026-11-30" },
  { start: "2026-10-15", end: "2026-11-30" },
];

let admin: Ctx;

async function answers(ctx: Ctx) {
  const out: unknown[] = [];
  for (const range of RANGES)
    for (const call of CALLS) out.push(await statistics[call](ctx, range));
  for (const company_id of [k.w.companyA, k.w.companyB])
    out.push(await statistics.clientMargins(ctx, { ...RANGES[0], company_id }));
  return out;
}

/** The same calls with every date marked, so all read their lines; rolled back after. */
async function liveAnswers() {
  let out: unknown[] = [];
  await db
    .transaction(async (tx) => {
      await tx.execute(
        sql`insert into ${marks} (work_date) select distinct ${sl.workDate} from ${sl}`,
      );
      out = await answers({ ...admin, db: tx as unknown as Db });
      tx.rollback();
    })
    .catch((e: Error) => {
      if (!/rollback/i.test(e.message)) throw e;
    });
  return out;
}

async function expectExact() {
  const live = await liveAnswers();
  expect(JSON.stringify(live)).toMatch(/[1-9]/);
  expect(await answers(admin)).toEqual(live);
}

const lineDates = async (where: { userId?: number; paid?: boolean } = {}) =>
  [
    ...new Set(
      (await db.select().from(sl))
        .filter((l) => where.userId === undefined || l.userId === where.userId)
        .filter((l) => where.paid === undefined || (l.status === "paid") === where.paid)
        .map((l) => l.workDate),
    ),
  ].sort();

const markedDates = async () =>
  [...new Set((await db.select().from(marks)).map((m) => m.workDate))].sort();

/** The sweep, as the background round runs it: then nothing is marked and totals exist. */
async function sweep() {
  expect((await sweepSalaryDays(db, { batch: 1 })).done).toBe(true);
  expect(await markedDates()).toEqual([]);
  expect((await db.select().from(schema.statisticsSalaryDays)).length).toBeGreaterThan(0);
  await expectExact();
}

describe("salary roll-up (statistics_salary_days)", () => {
  let skill: number;
  let worker: number;
  let jobId: number;

  it("lines built: their dates are marked (read live); the sweep totals them, figures unchanged", async () => {
    admin = { ...(await ctxFor(db, k.w.admin)), now };
    skill = await k.newSkill();
    worker = await k.newWorker([skill]);
    const other = await k.newWorker([skill]);
    await rate({ skillId: skill, branchId: k.branchA, amount: 10000 });
    const h = await approvedHours(skill, worker, -180, 3);
    jobId = h.jobId;
    await buildJobSalaries(admin, { jobId });
    for (const [who, from] of [
      [other, -150],
      [worker, -560],
    ] as const)
      await buildJobSalaries(admin, { jobId: (await approvedHours(skill, who, from, 2)).jobId });
    const dates = await lineDates();
    expect(dates.length).toBe(3);
    expect(await markedDates()).toEqual(dates);
    await expectExact();
    await sweep();
  });

  it("lines paid (their status changes)", async () => {
    await paySalary(admin, { ...NOV, user_id: worker });
    expect(await markedDates()).toEqual(await lineDates({ userId: worker, paid: true }));
    await expectExact();
    await sweep();
  });

  it("drafts rebuilt at another rate (deleted and inserted again)", async () => {
    await db.update(schema.workerRates).set({ amount: 12500 });
    const [draft] = await db.select().from(sl).where(eq(sl.status, "draft")).limit(1);
    await buildJobSalaries(admin, { jobId: draft.jobId! });
    expect((await linesOf({ jobId: draft.jobId! }))[0].amount).toBe(25000);
    expect(await markedDates()).toEqual([draft.workDate]);
    await expectExact();
    await sweep();
  });

  it("a line moved to another date, and a line deleted", async () => {
    const [line] = await linesOf({ jobId });
    await db.update(sl).set({ workDate: "2026-11-25" }).where(eq(sl.id, line.id));
    expect(await markedDates()).toEqual([line.workDate, "2026-11-25"].sort());
    await expectExact();
    await sweep();
    const [october] = await db
      .select()
      .from(sl)
      .where(sql`${sl.workDate} < '2026-11-01'`);
    await db.delete(sl).where(eq(sl.id, october.id));
    expect(await markedDates()).toEqual([october.workDate]);
    await expectExact();
    await sweep();
  });

  it("the per-client level: swept months are read from it, a unit more on it shows in client margins", async () => {
    const level = await db.select().from(schema.statisticsSalaryClientMonths);
    expect(level.map((r) => [r.month, r.companyId]).sort()).toEqual([["2026-11-01", k.w.companyA]]);
    const margins = await statistics.clientMargins(admin, RANGES[0]);
    expect(margins.series.find((x) => x.name === "Costs (DKK)")!.values.some((v) => v > 0)).toBe(
      true,
    );
    // November is read from the level, not from its lines: a unit more there shows.
    const costs = async (ctx: Ctx) =>
      (await statistics.clientMargins(ctx, RANGES[0])).series.find((x) => x.name === "Costs (DKK)")!
        .values[0];
    const before = await costs(admin);
    let after = 0;
    await db
      .transaction(async (tx) => {
        await tx
          .update(schema.statisticsSalaryClientMonths)
          .set({ amount: sql`${schema.statisticsSalaryClientMonths.amount} + 1` });
        after = await costs({ ...admin, db: tx as unknown as Db });
        tx.rollback();
      })
      .catch((e: Error) => {
        if (!/rollback/i.test(e.message)) throw e;
      });
    expect(after).toBe(before + 1);
  });

  it("a job moved to another client and back: its lines' dates are marked", async () => {
    const dates = (await linesOf({ jobId })).map((l) => l.workDate);
    await db.update(schema.jobs).set({ companyId: k.w.companyB }).where(eq(schema.jobs.id, jobId));
    expect(await markedDates()).toEqual([...new Set(dates)].sort());
    await expectExact();
    await sweep();
    expect(
      (await db.select().from(schema.statisticsSalaryClientMonths)).map((r) => r.companyId),
    ).toContain(k.w.companyB);
    await db.update(schema.jobs).set({ companyId: k.w.companyA }).where(eq(schema.jobs.id, jobId));
    expect(await markedDates()).toEqual([...new Set(dates)].sort());
    await expectExact();
    await sweep();
  });

  it("a job deleted and restored, and a job removed (its lines' job set null)", async () => {
    const dates = [...new Set((await linesOf({ jobId })).map((l) => l.workDate))].sort();
    await db.update(schema.jobs).set({ deletedAt: now }).where(eq(schema.jobs.id, jobId));
    expect(await markedDates()).toEqual(dates);
    await expectExact();
    await sweep();
    await db.update(schema.jobs).set({ deletedAt: null }).where(eq(schema.jobs.id, jobId));
    expect(await markedDates()).toEqual(dates);
    await expectExact();
    await sweep();
    await db.update(sl).set({ jobId: null }).where(eq(sl.jobId, jobId));
    expect(await markedDates()).toEqual(dates);
    await expectExact();
    await sweep();
  });

  it("an update that changes no figure marks nothing", async () => {
    await db.update(sl).set({ runId: null });
    expect(await markedDates()).toEqual([]);
  });

  it("reads the totals in one statement whatever the range holds", async () => {
    const counting = countingDb(handle);
    const ctx = makeCtx(counting.db, admin.actor, { now });
    counting.reset();
    await statistics.workerEarnings(ctx, RANGES[0]);
    expect(counting.statements()).toBe(1);
  });

  // PostgreSQL only (PGlite has one connection: no second transaction to hold the lock).
  it.runIf(env.DATABASE_URL)(
    "one sweep at a time: another instance skips its round while one holds the sweep",
    async () => {
      await db.update(sl).set({ amount: sql`${sl.amount} + 1` });
      expect((await markedDates()).length).toBeGreaterThan(0);
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      let locked!: () => void;
      const lockTaken = new Promise<void>((r) => (locked = r));
      const holder = db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('statistics_salary_days'))`);
        locked();
        await held;
      });
      await lockTaken;
      expect(await sweepSalaryDays(db)).toEqual({ dates: 0, done: false });
      release();
      await holder;
      await sweep();
    },
  );
});
