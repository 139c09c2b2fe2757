import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { schema, setDatabaseForTests, type Db, type DbHandle } from "@/db";
import { CHECK_OUT_UNDO_MINUTES, EARLY_CHECK_OUT_MINUTES } from "@/lib/domain/attendance";
import { testDatabase } from "@/lib/testing/db";
import { workerKit } from "@/lib/testing/worker-fixtures";
import { applyOn } from "@/lib/testing/jobs-fixtures";
import { appErrorOf } from "@/lib/testing/app-error";
import { issueApiToken } from "@/lib/services/auth/tokens";
import { callRoute } from "@/lib/testing/route-request";
import * as checkOutRoute from "@/app/api/v2/my-dashboard/check-out/route";
import * as undoRoute from "@/app/api/v2/my-dashboard/check-out/undo/route";
import { checkIn, checkOut, nextShift, pastShifts, undoCheckOut } from ".";

/** March 2031, before summer time: Copenhagen is UTC+1. */
const now = new Date("2031-03-10T10:00:00.000Z");
const MIN = 60_000;

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

/** A worker Booked on a 6-hour shift starting `from` hours from `base` (the test's now). */
async function booked(from: number, base?: Date) {
  const skill = await k.newSkill();
  const me = await k.newWorker([skill]);
  const s = await k.oneShift(skill, from, base ? { base } : {});
  const id = await applyOn(db, s.slotId, me, "Booked");
  return { me, id, ...s };
}

/** Booked on a shift that started two hours ago (ends at +4 h) and checked in at its start. */
async function checkedIn() {
  const b = await booked(-2);
  await checkIn(await k.ctxOf(b.me, k.at(-2)), { application_id: b.id, assignee_id: b.me });
  return b;
}

async function stored(id: number) {
  const [row] = await db
    .select({ in: schema.applications.checkInAt, out: schema.applications.checkOutAt })
    .from(schema.applications)
    .where(eq(schema.applications.id, id));
  return row;
}

async function activities(id: number) {
  return db
    .select({ description: schema.activityLog.description, causer: schema.activityLog.causerId })
    .from(schema.activityLog)
    .where(
      and(eq(schema.activityLog.subjectType, "applications"), eq(schema.activityLog.subjectId, id)),
    )
    .orderBy(schema.activityLog.id);
}

describe("checkOut", () => {
  it("needs a check-in: 409 not_checked_in, nothing written, and the card offers no Check out before Check in", async () => {
    const { me, id } = await booked(-2);
    expect(await nextShift(await k.ctxOf(me))).toMatchObject({
      id,
      running: true,
      can_check_in: true,
      can_check_out: false,
    });
    const err = await appErrorOf(
      checkOut(await k.ctxOf(me, k.at(3.9)), { application_id: id, confirm: true }),
    );
    expect(err).toMatchObject({
      status: 409,
      type: "not_checked_in",
      message:
        "You have not checked in on this shift. Check in first, then check out when you leave.",
    });
    expect(await stored(id)).toEqual({ in: null, out: null });
    expect(await activities(id)).toEqual([]);

    // Checked in, Check out is offered.
    await checkIn(await k.ctxOf(me), { application_id: id, assignee_id: me });
    expect(await nextShift(await k.ctxOf(me))).toMatchObject({ can_check_out: true });
  });

  it("more than 30 minutes before the end asks first (410 check_out_early naming the end), nothing written; confirm records it", async () => {
    const { me, id } = await checkedIn();
    // 11:00 Copenhagen; the shift runs 09:00–15:00.
    const err = await appErrorOf(checkOut(await k.ctxOf(me), { application_id: id }));
    expect(err).toMatchObject({
      status: 410,
      type: "check_out_early",
      message: "Your shift ends at 15:00. Check out now, at 11:00?",
      details: { ends_at: "2031-03-10T15:00:00+01:00", check_out_at: "2031-03-10T11:00:00+01:00" },
    });
    expect((await stored(id)).out).toBeNull();
    expect(await activities(id)).toHaveLength(1); // the check-in only

    const res = await checkOut(await k.ctxOf(me), { application_id: id, confirm: 1 });
    expect(res).toEqual({
      application_id: id,
      check_out_at: "2031-03-10T11:00:00+01:00",
      already_checked_out: false,
      undo_until: "2031-03-10T11:10:00+01:00",
      message: "Checked out at 11:00",
    });
    expect((await stored(id)).out).toEqual(now);
    const log = await activities(id);
    expect(log.at(-1)?.description).toMatch(/^Worker \d+ checked out on Job \d+ at 11:00$/);
  });

  it(`asks nothing at ${EARLY_CHECK_OUT_MINUTES} minutes or less before the end, keeps the first check-out, and the past shift offers it as the end`, async () => {
    const { me, id } = await checkedIn();
    const at = new Date(k.at(4).getTime() - EARLY_CHECK_OUT_MINUTES * MIN); // 14:30, the end 15:00
    const res = await checkOut(await k.ctxOf(me, at), { application_id: id });
    expect(res).toMatchObject({
      check_out_at: "2031-03-10T14:30:00+01:00",
      already_checked_out: false,
    });
    const again = await checkOut(await k.ctxOf(me, k.at(3.9)), { application_id: id });
    expect(again).toMatchObject({ already_checked_out: true, check_out_at: res.check_out_at });
    expect((await stored(id)).out).toEqual(at);
    expect(await nextShift(await k.ctxOf(me, k.at(3.9)))).toMatchObject({ can_check_out: false });

    const past = await pastShifts(await k.ctxOf(me, k.at(5)));
    expect(past.items.find((p) => p.id === id)).toMatchObject({
      check_in_at: "2031-03-10T09:00:00+01:00",
      check_out_at: "2031-03-10T14:30:00+01:00",
      check_out_undo_until: null,
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
    expect(await stored(id)).toEqual({ in: null, out: null });
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

describe("undoCheckOut", () => {
  it(`takes the check-out back within ${CHECK_OUT_UNDO_MINUTES} minutes, logged; the card offers Check out again`, async () => {
    const { me, id } = await checkedIn();
    await checkOut(await k.ctxOf(me), { application_id: id, confirm: true });
    const card = await nextShift(await k.ctxOf(me, k.at(0.1)));
    expect(card).toMatchObject({
      can_check_out: false,
      check_out_at: "2031-03-10T11:00:00+01:00",
      check_out_undo_until: "2031-03-10T11:10:00+01:00",
    });

    const justBefore = new Date(now.getTime() + CHECK_OUT_UNDO_MINUTES * MIN - 1000);
    const res = await undoCheckOut(await k.ctxOf(me, justBefore), { application_id: id });
    expect(res).toEqual({
      application_id: id,
      check_in_at: "2031-03-10T09:00:00+01:00",
      message: "Check-out undone: you are still checked in",
    });
    expect(await stored(id)).toEqual({ in: k.at(-2), out: null });
    expect((await activities(id)).at(-1)?.description).toMatch(
      /^Worker \d+ undid the check-out at 11:00 on Job \d+$/,
    );
    expect(await nextShift(await k.ctxOf(me, justBefore))).toMatchObject({
      can_check_out: true,
      check_out_at: null,
      check_out_undo_until: null,
    });

    // Nothing to undo now.
    expect(
      await appErrorOf(undoCheckOut(await k.ctxOf(me, justBefore), { application_id: id })),
    ).toMatchObject({ status: 409, type: "not_checked_out" });
  });

  it(`refuses after ${CHECK_OUT_UNDO_MINUTES} minutes (409 with a message), nothing written`, async () => {
    const { me, id } = await checkedIn();
    await checkOut(await k.ctxOf(me), { application_id: id, confirm: true });
    const before = await activities(id);
    const late = new Date(now.getTime() + CHECK_OUT_UNDO_MINUTES * MIN);
    expect(await nextShift(await k.ctxOf(me, late))).toMatchObject({ check_out_undo_until: null });
    expect(
      await appErrorOf(undoCheckOut(await k.ctxOf(me, late), { application_id: id })),
    ).toMatchObject({
      status: 409,
      type: "undo_closed",
      message: "A check-out can be undone for 10 minutes only. Ask the office to correct it.",
    });
    expect((await stored(id)).out).toEqual(now);
    expect(await activities(id)).toEqual(before);
  });

  it("another worker cannot undo it (404), nothing changed", async () => {
    const { me, id } = await checkedIn();
    await checkOut(await k.ctxOf(me), { application_id: id, confirm: true });
    const other = await k.newWorker([]);
    expect(
      await appErrorOf(undoCheckOut(await k.ctxOf(other), { application_id: id })),
    ).toMatchObject({ status: 404, message: "Application not found." });
    expect((await stored(id)).out).toEqual(now);
  });
});

describe("check-out and its undo through the REST API", () => {
  it("410 without confirm, 200 with it, then the undo route takes it back", async () => {
    const real = new Date();
    const { me, id } = await booked(-1, real);
    await checkIn(await k.ctxOf(me, real), { application_id: id, assignee_id: me });
    const token = (await issueApiToken(db, me, real)).access_token;

    const asked = await callRoute(checkOutRoute.POST, "my-dashboard/check-out", {
      method: "POST",
      token,
      json: { application_id: id },
    });
    expect(asked.status).toBe(410);
    expect(asked.body).toMatchObject({
      type: "check_out_early",
      message: expect.stringMatching(
        /^Your shift ends at \d{2}:\d{2}\. Check out now, at \d{2}:\d{2}\?$/,
      ),
    });
    expect((await stored(id)).out).toBeNull();

    const done = await callRoute(checkOutRoute.POST, "my-dashboard/check-out", {
      method: "POST",
      token,
      json: { application_id: id, confirm: 1 },
    });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ data: { application_id: id, already_checked_out: false } });

    const undone = await callRoute(undoRoute.POST, "my-dashboard/check-out/undo", {
      method: "POST",
      token,
      json: { application_id: id },
    });
    expect(undone.status).toBe(200);
    expect((await stored(id)).out).toBeNull();
  });
});
