import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schema, type Db, type DbHandle } from "@/db";
import { appErrorOf } from "@/lib/testing/app-error";
import { countingDb } from "@/lib/testing/counting-db";
import { testDatabase } from "@/lib/testing/db";
import { ctxFor } from "@/lib/testing/fixtures";
import { workerKit } from "@/lib/testing/worker-fixtures";
import { makeCtx } from "../context";
import { estimatedEarnings } from "../worker";
import { unpaidEarnings } from "./payment";

let handle: DbHandle;
let db: Db;
let k: Awaited<ReturnType<typeof workerKit>>;
// A Friday; the test shifts sit at hours from here.
const now = new Date("2026-11-20T12:00:00Z");

beforeAll(async () => {
  handle = await testDatabase();
  db = handle.db;
  k = await workerKit(db, now);
});
afterAll(async () => {
  await handle?.close();
});

const H = 3_600_000;

/** An application of `worker` on the slot with reported hours from `from` for `hours`. */
async function hoursOn(
  s: { slotId: number; shiftId: number },
  worker: number,
  from: number,
  hours: number,
  approved = true,
) {
  const [app] = await db
    .insert(schema.applications)
    .values({ shiftSlotId: s.slotId, shiftId: s.shiftId, assigneeId: worker, status: "Approved" })
    .returning();
  const startsAt = k.at(from, now);
  const [report] = await db
    .insert(schema.reportedHours)
    .values({
      applicationId: app.id,
      shiftSlotId: s.slotId,
      startsAt,
      endsAt: new Date(startsAt.getTime() + hours * H),
      approvedAt: approved ? now : null,
    })
    .returning();
  return report;
}

/** A salary line over a report of `worker` (paid or still a draft). */
async function salaryLine(
  report: typeof schema.reportedHours.$inferSelect,
  worker: number,
  skillId: number,
  paid: boolean,
) {
  await db.insert(schema.salaryLines).values({
    reportedHoursId: report.id,
    userId: worker,
    skillId,
    workDate: "2026-01-01",
    startsAt: report.startsAt,
    endsAt: report.endsAt,
    currencyCode: "DKK",
    standardRate: 100_00,
    rateSource: "card",
    amount: 100_00,
    status: paid ? "paid" : "draft",
    paidAt: paid ? now : null,
  });
}

/** A worker rate row: a flat hourly amount (no weekend or night band), DKK by default. */
async function rate(values: Partial<typeof schema.workerRates.$inferInsert> & { skillId: number }) {
  await db.insert(schema.workerRates).values({ currencyCode: "DKK", amount: 15000, ...values });
}

describe("unpaid earnings", () => {
  it("counts approved hours without a paid salary line only", async () => {
    const skill = await k.newSkill();
    const worker = await k.newWorker([skill]);
    // Five past shifts: approved (6 h, its salary line a draft), approved (4 h), reported not
    // approved, approved and paid.
    const froms = [-200, -150, -100, -400];
    const hoursOf = [6, 4, 5, 8];
    const reports = [];
    for (const [i, from] of froms.entries())
      reports.push(await hoursOn(await k.oneShift(skill, from), worker, from, hoursOf[i], i !== 2));
    await salaryLine(reports[3], worker, skill, true);
    // A draft line (a salary run not yet paid) does not count as paid.
    await salaryLine(reports[0], worker, skill, false);
    const res = await unpaidEarnings(await ctxFor(db, worker), { user_id: worker });
    // No rate anywhere: counted and said, never priced at zero.
    expect(res).toMatchObject({
      minutes: 600,
      hours: 10,
      shifts: 2,
      amount: null,
      currency: null,
      by_currency: [],
      without_rate: { minutes: 600, hours: 10, shifts: 2, note: "10 h without a rate yet" },
      summary: "10 h",
    });
  });

  it("prices each job at the worker's rate, per currency, and names the hours without a rate", async () => {
    const skill = await k.newSkill();
    const unrated = await k.newSkill();
    const worker = await k.newWorker([skill, unrated], [k.branchA]);
    // Two DKK jobs priced by the branch's card (150.00/h), one job with its own SEK rate, one
    // job of a skill nobody priced.
    await rate({ skillId: skill, branchId: k.branchA });
    const dkk1 = await k.oneShift(skill, -300, { branches: [k.branchA] });
    const dkk2 = await k.oneShift(skill, -250, { branches: [k.branchA] });
    const sek = await k.oneShift(skill, -200, { branches: [k.branchA] });
    await rate({ skillId: skill, jobId: sek.jobId, currencyCode: "SEK", amount: 12000 });
    const none = await k.oneShift(unrated, -150, { branches: [k.branchA] });
    await hoursOn(dkk1, worker, -300, 6);
    await hoursOn(dkk2, worker, -250, 3.5);
    await hoursOn(sek, worker, -200, 5);
    await hoursOn(none, worker, -150, 4);

    const res = await unpaidEarnings(await ctxFor(db, worker), { user_id: worker });
    expect(res.by_currency).toEqual([
      {
        currency_code: "DKK",
        amount: 9.5 * 15000,
        label: "1,425.00 DKK",
        minutes: 570,
        hours: 9.5,
        shifts: 2,
      },
      {
        currency_code: "SEK",
        amount: 5 * 12000,
        label: "600.00 SEK",
        minutes: 300,
        hours: 5,
        shifts: 1,
      },
    ]);
    expect(res).toMatchObject({
      minutes: 1110,
      hours: 18.5,
      shifts: 4,
      // Two currencies and unpriced hours: no single amount to give.
      amount: null,
      currency: null,
      without_rate: { minutes: 240, hours: 4, shifts: 1, note: "4 h without a rate yet" },
      summary: "18.5 h · 1,425.00 DKK · 600.00 SEK",
    });
  });

  it("gives one amount when every hour is priced in one currency", async () => {
    const skill = await k.newSkill();
    const worker = await k.newWorker([skill], [k.branchA]);
    await rate({ skillId: skill, branchId: k.branchA, amount: 16400 });
    const s = await k.oneShift(skill, -300, { branches: [k.branchA] });
    await hoursOn(s, worker, -300, 7.5);
    const res = await unpaidEarnings(await ctxFor(db, worker), { user_id: worker });
    expect(res).toMatchObject({
      amount: 123_000,
      currency: "DKK",
      summary: "7.5 h · 1,230.00 DKK",
      without_rate: { minutes: 0, shifts: 0, note: null },
    });
  });

  it("uses the rate the dashboard estimates with: the worker's custom rate before the card", async () => {
    const skill = await k.newSkill();
    const worker = await k.newWorker([skill], [k.branchA]);
    await rate({ skillId: skill, branchId: k.branchA, amount: 15000 });
    await rate({ skillId: skill, branchId: k.branchA, userId: worker, amount: 22000 });
    // The same 7-hour weekday shift, once to come (the estimate) and once worked and approved.
    const coming = await k.oneShift(skill, 70, {
      branches: [k.branchA],
      shifts: [{ from: 70, hours: 7, slots: [] }],
    });
    const worked = await k.oneShift(skill, -98, {
      branches: [k.branchA],
      shifts: [{ from: -98, hours: 7, slots: [] }],
    });
    await hoursOn(worked, worker, -98, 7);
    const ctx = await ctxFor(db, worker, { now });
    const [estimate] = await estimatedEarnings(ctx, { shifts: [coming.shiftId] });
    const unpaid = await unpaidEarnings(ctx, { user_id: worker });
    expect(estimate.slots[0].estimate).toMatchObject({ amount: 7 * 22000, currency_code: "DKK" });
    expect(unpaid).toMatchObject({ amount: 7 * 22000, currency: "DKK" });
  });

  it("needs a fixed number of queries however many reports there are", async () => {
    const skill = await k.newSkill();
    const few = await k.newWorker([skill], [k.branchA]);
    const many = await k.newWorker([skill], [k.branchA]);
    await rate({ skillId: skill, branchId: k.branchA });
    await hoursOn(await k.oneShift(skill, -300, { branches: [k.branchA] }), few, -300, 6);
    for (let i = 0; i < 6; i++) {
      const from = -500 + i * 30;
      await hoursOn(await k.oneShift(skill, from, { branches: [k.branchA] }), many, from, 5);
    }
    const counting = countingDb(handle);
    const run = async (userId: number) => {
      const ctx = makeCtx(counting.db, (await ctxFor(db, userId)).actor, { now });
      counting.reset();
      const res = await unpaidEarnings(ctx, { user_id: userId });
      return { res, statements: counting.statements() };
    };
    const one = await run(few);
    const six = await run(many);
    expect(six.res.by_currency[0]).toMatchObject({ shifts: 6, amount: 30 * 15000 });
    expect(six.statements).toBe(one.statements);
  });

  it("shows another worker's earnings to nobody but the office (404), and reads only", async () => {
    const skill = await k.newSkill();
    const me = await k.newWorker([skill], [k.branchA]);
    const other = await k.newWorker([skill], [k.branchA]);
    const err = await appErrorOf(unpaidEarnings(await ctxFor(db, other), { user_id: me }));
    expect(err.status).toBe(404);
    const bad = await appErrorOf(unpaidEarnings(await ctxFor(db, me), {}));
    expect(bad.status).toBe(422);
    const admin = await unpaidEarnings(await ctxFor(db, k.w.admin), { user_id: me });
    expect(admin).toMatchObject({ user_id: me, shifts: 0, summary: "0 h" });
  });
});
