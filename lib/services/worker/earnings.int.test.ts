import { describe, expect, it } from "vitest";
import { schema } from "@/db";
import { appErrorOf } from "@/lib/testing/app-error";
import { countingDb } from "@/lib/testing/counting-db";
import { makeCtx } from "@/lib/services/context";
import type { Page } from "@/lib/services/pagination";
import { estimatedEarnings, newJobs, NO_PAY_RATE, type NewJob } from ".";
import {
  ctxOf,
  db,
  handle,
  k,
  newSkill,
  newWorker,
  now,
  setUpWorkerDatabase,
  w,
} from "./worker.test-support";

setUpWorkerDatabase();

/** A worker rate card row at a branch (no level): 150.00 an hour, 200.00 at night 22–06. */
async function card(
  skillId: number,
  branchId: number,
  extra: Partial<typeof schema.workerRates.$inferInsert> = {},
) {
  await db.insert(schema.workerRates).values({
    skillId,
    branchId,
    currencyCode: "DKK",
    amount: 15000,
    nightAmount: 20000,
    nightStart: "22:00",
    nightEnd: "06:00",
    ...extra,
  });
}

// now = Monday 2031-03-10 11:00 in Copenhagen (UTC+1).
describe("estimatedEarnings", () => {
  it("prices a day and an overnight shift with the worker's rate on the job's branch", async () => {
    const skill = await newSkill();
    await card(skill, k.branchA);
    const me = await newWorker([skill], [k.branchA]);
    // Tuesday 11:00–17:00, and Tuesday 21:00 → Wednesday 05:00.
    const day = await k.oneShift(skill, 24, { branches: [k.branchA] });
    const night = await k.oneShift(skill, 34, {
      branches: [k.branchA],
      shifts: [{ from: 34, hours: 8, slots: [] }],
    });
    const res = await estimatedEarnings(await ctxOf(me), {
      shifts: `${day.shiftId},${night.shiftId}`,
    });
    expect(res.map((s) => s.shift_id)).toEqual([day.shiftId, night.shiftId]);
    expect(res[0].slots).toEqual([
      expect.objectContaining({
        shift_slot_id: day.slotId,
        reason: null,
        estimate: expect.objectContaining({
          amount: 6 * 15000,
          currency_code: "DKK",
          split: "6 h standard",
          label: "Est. 900.00 DKK · 6 h standard",
        }),
      }),
    ]);
    expect(res[1].slots[0].estimate).toMatchObject({
      amount: 15000 + 7 * 20000,
      split: "1 h standard, 7 h night",
      label: "Est. 1,550.00 DKK · 1 h standard, 7 h night",
    });
  });

  it("takes the job's own worker rate before the card", async () => {
    const skill = await newSkill();
    await card(skill, k.branchA);
    const me = await newWorker([skill], [k.branchA]);
    const s = await k.oneShift(skill, 24, { branches: [k.branchA] });
    await card(skill, k.branchA, { jobId: s.jobId, branchId: null, amount: 18000 });
    const [res] = await estimatedEarnings(await ctxOf(me), { shifts: [s.shiftId] });
    expect(res.slots[0].estimate?.amount).toBe(6 * 18000);
  });

  it("answers null with a reason when there is no rate, never an error", async () => {
    const skill = await newSkill();
    const me = await newWorker([skill], [k.branchA]);
    const s = await k.oneShift(skill, 24, { branches: [k.branchA] });
    const [res] = await estimatedEarnings(await ctxOf(me), { shifts: String(s.shiftId) });
    expect(res.slots[0]).toMatchObject({ estimate: null, reason: NO_PAY_RATE });
  });

  it("leaves out shifts the worker may not see: another skill, another branch, unknown", async () => {
    const skill = await newSkill();
    const other = await newSkill();
    await card(skill, k.branchA);
    await card(other, k.branchA);
    const me = await newWorker([skill], [k.branchA]);
    const mine = await k.oneShift(skill, 24, { branches: [k.branchA] });
    const notMySkill = await k.oneShift(other, 24, { branches: [k.branchA] });
    const notMyBranch = await k.oneShift(skill, 24, { branches: [k.branchB] });
    const res = await estimatedEarnings(await ctxOf(me), {
      shifts: [mine.shiftId, notMySkill.shiftId, notMyBranch.shiftId, 99999999],
    });
    expect(res.map((r) => r.shift_id)).toEqual([mine.shiftId]);
  });

  it("refuses a client contact (403), a crew handler (403), no user (401), no shifts (422)", async () => {
    expect((await appErrorOf(estimatedEarnings(await ctxOf(w.colA), { shifts: "1" }))).status).toBe(
      403,
    );
    expect(
      (await appErrorOf(estimatedEarnings(await ctxOf(w.crewHandler), { shifts: "1" }))).status,
    ).toBe(403);
    expect(
      (await appErrorOf(estimatedEarnings(makeCtx(db, null, { now }), { shifts: "1" }))).status,
    ).toBe(401);
    for (const shifts of [undefined, "", "abc", "0", "1,x"]) {
      const err = await appErrorOf(estimatedEarnings(await ctxOf(w.worker), { shifts }));
      expect(err.status).toBe(422);
      expect(Object.keys(err.errors ?? {}).some((f) => f.startsWith("shifts"))).toBe(true);
    }
  });
});

describe("new jobs carry the estimate", () => {
  it("shows each card's estimate, in a fixed number of statements however many jobs", async () => {
    const skill = await newSkill();
    await card(skill, k.branchA);
    const me = await newWorker([skill], [k.branchA]);
    await k.oneShift(skill, 24, { branches: [k.branchA] });
    const counted = countingDb(handle);
    const ctx = { ...(await ctxOf(me)), db: counted.db };
    counted.reset();
    const first = (await newJobs(ctx, {})) as Page<NewJob>;
    const one = counted.statements();
    expect(first.items[0].estimate?.label).toBe("Est. 900.00 DKK · 6 h standard");
    // Five more jobs, one without a branch (no rate: null with the reason).
    for (let i = 0; i < 4; i++) await k.oneShift(skill, 30 + i, { branches: [k.branchA] });
    await k.oneShift(skill, 40);
    counted.reset();
    const res = (await newJobs(ctx, {})) as Page<NewJob>;
    expect(res.items).toHaveLength(6);
    expect(counted.statements()).toBe(one);
    expect(res.items.filter((i) => i.estimate).length).toBe(5);
    expect(res.items.at(-1)).toMatchObject({ estimate: null, estimate_reason: NO_PAY_RATE });
  });
});
