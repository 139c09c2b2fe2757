import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schema, type Db, type DbHandle } from "@/db";
import { testDatabase } from "@/lib/testing/db";
import { ctxFor } from "@/lib/testing/fixtures";
import { workerKit } from "@/lib/testing/worker-fixtures";
import { unpaidEarnings } from "./payment";

let handle: DbHandle;
let db: Db;

beforeAll(async () => {
  handle = await testDatabase();
  db = handle.db;
});
afterAll(async () => {
  await handle?.close();
});

const H = 3_600_000;

describe("unpaid earnings", () => {
  it("counts approved hours outside paid pay slips only", async () => {
    const now = new Date("2026-11-20T12:00:00Z");
    const kit = await workerKit(db, now);
    const skill = await kit.newSkill();
    const worker = await kit.newWorker([skill]);
    // Four past shifts: approved (6 h), approved (4 h), reported not approved, approved but paid.
    const shifts = await Promise.all(
      [-200, -150, -100, -400].map((from) => kit.oneShift(skill, from)),
    );
    const hoursOf = [6, 4, 5, 8];
    for (const [i, s] of shifts.entries()) {
      const [app] = await db
        .insert(schema.applications)
        .values({
          shiftSlotId: s.slotId,
          shiftId: s.shiftId,
          assigneeId: worker,
          status: "Approved",
        })
        .returning();
      const startsAt = kit.at([-200, -150, -100, -400][i], now);
      await db.insert(schema.reportedHours).values({
        applicationId: app.id,
        shiftSlotId: s.slotId,
        startsAt,
        endsAt: new Date(startsAt.getTime() + hoursOf[i] * H),
        approvedAt: i === 2 ? null : now,
      });
    }
    const paidFrom = kit.at(-420, now);
    await db.insert(schema.paySlips).values({
      userId: worker,
      periodStart: paidFrom,
      periodEnd: kit.at(-300, now),
      grossAmount: 100_00,
      currencyCode: "DKK",
      paidAt: now,
    });
    // An unpaid slip over the 6-hour shift does not count as paid.
    await db.insert(schema.paySlips).values({
      userId: worker,
      periodStart: kit.at(-210, now),
      periodEnd: kit.at(-190, now),
      grossAmount: 50_00,
      currencyCode: "DKK",
    });
    const res = await unpaidEarnings(await ctxFor(db, worker), { user_id: worker });
    expect(res).toMatchObject({ minutes: 600, hours: 10, shifts: 2, amount: null });
  });
});
