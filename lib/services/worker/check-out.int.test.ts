import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { schema, setDatabaseForTests, type Db, type DbHandle } from "@/db";
import { testDatabase } from "@/lib/testing/db";
import { workerKit } from "@/lib/testing/worker-fixtures";
import { applyOn } from "@/lib/testing/jobs-fixtures";
import { appErrorOf } from "@/lib/testing/app-error";
import { issueApiToken } from "@/lib/services/auth/tokens";
import { callRoute } from "@/lib/testing/route-request";
import * as checkOutRoute from "@/app/api/v2/my-dashboard/check-out/route";
import { checkIn, checkOut, nextShift, pastShifts } from ".";

/** March 2031, before summer time: Copenhagen is UTC+1. */
const now = new Date("2031-03-10T10:00:00.000Z");

let handle: DbHandle;
let db: Db;
let k: Awaited<ReturnType<typeof workerKit>>;

beforeAll(async () => {
  handle = await testDatabase();
  db = handle.db;
  setDatabaseForTests(handle);
  k = await workerKit(db, now);
});
afterAll(async () => {
  await handle?.close();
});

/** A worker Booked on a 6-hour shift starting `from` hours from now. */
async function booked(from: number) {
  const skill = await k.newSkill();
  const me = await k.newWorker([skill]);
  const s = await k.oneShift(skill, from);
  const id = await applyOn(db, s.slotId, me, "Booked");
  return { me, id, ...s };
}

describe("checkOut", () => {
  it("stores the time while the shift runs, keeps the first, and the past shift offers it as the end", async () => {
    const { me, id } = await booked(-2);
    const card = await nextShift(await k.ctxOf(me));
    expect(card).toMatchObject({ id, running: true, can_check_out: true });
    await checkIn(await k.ctxOf(me, k.at(-2)), { application_id: id, assignee_id: me });

    const res = await checkOut(await k.ctxOf(me, k.at(3)), { application_id: id });
    expect(res).toEqual({
      application_id: id,
      check_out_at: "2031-03-10T14:00:00+01:00",
      already_checked_out: false,
      message: "Checked out",
    });
    const again = await checkOut(await k.ctxOf(me, k.at(3.5)), { application_id: id });
    expect(again).toMatchObject({ already_checked_out: true, check_out_at: res.check_out_at });
    const [row] = await db
      .select({ at: schema.applications.checkOutAt })
      .from(schema.applications)
      .where(eq(schema.applications.id, id));
    expect(row.at).toEqual(k.at(3));
    expect(await nextShift(await k.ctxOf(me, k.at(3.5)))).toMatchObject({ can_check_out: false });

    const past = await pastShifts(await k.ctxOf(me, k.at(5)));
    expect(past.items.find((p) => p.id === id)).toMatchObject({
      check_out_at: "2031-03-10T14:00:00+01:00",
    });
  });

  it("refuses before the start (409) and someone else's application (404)", async () => {
    const { me, id } = await booked(2);
    expect(await nextShift(await k.ctxOf(me))).toMatchObject({ running: false });
    expect(await appErrorOf(checkOut(await k.ctxOf(me), { application_id: id }))).toMatchObject({
      status: 409,
      type: "not_started",
    });
    const other = await k.newWorker([]);
    expect(
      await appErrorOf(checkOut(await k.ctxOf(other, k.at(3)), { application_id: id })),
    ).toMatchObject({ status: 404 });
  });

  it("closes twelve hours after the end (409) and answers 422 for a bad id through the API", async () => {
    const { me, id } = await booked(-20);
    expect(await appErrorOf(checkOut(await k.ctxOf(me), { application_id: id }))).toMatchObject({
      status: 409,
      type: "check_out_closed",
    });
    const token = (await issueApiToken(db, me, new Date())).access_token;
    const bad = await callRoute(checkOutRoute.POST, "my-dashboard/check-out", {
      method: "POST",
      token,
      json: { application_id: "abc" },
    });
    expect(bad.status).toBe(422);
  });
});
