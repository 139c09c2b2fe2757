import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { schema, setDatabaseForTests, type Db, type DbHandle } from "@/db";

import type { ApplicationStatus } from "@/lib/domain/statuses";
import { testDatabase } from "@/lib/testing/db";
import { workerKit } from "@/lib/testing/worker-fixtures";

import { applicationStatus, applyOn, type JobWorld } from "@/lib/testing/jobs-fixtures";
import { appErrorOf } from "@/lib/testing/app-error";
import { countingDb } from "@/lib/testing/counting-db";
import { callRoute } from "@/lib/testing/route-request";
import { ctxFor } from "@/lib/testing/fixtures";
import { workerDashboard } from "@/lib/services/dashboard";

import { issueApiToken } from "@/lib/services/auth/tokens";
import * as newJobsRoute from "@/app/api/v2/my-dashboard/new-jobs/route";
import * as checkInRoute from "@/app/api/v2/my-dashboard/check-in/route";
import * as nextShiftRoute from "@/app/api/v2/getNextShift/route";
import * as myShiftsRoute from "@/app/api/v2/my-dashboard/my-shifts/route";
import {
  checkIn,
  myShifts,
  nextShift,
  pastShifts,
  pendingShifts,
  type NewJob,
  type NewJobsCount,
} from ".";

/**
 * Times are in March 2031, before summer time: Copenhagen is UTC+1, so 14:00Z shows as 15:00.
 * Each test makes its own worker with a skill of its own, so the jobs one test adds are never
 * open to another test's worker.
 */
const now = new Date("2031-03-10T10:00:00.000Z");

let handle: DbHandle;
let db: Db;
let k: Awaited<ReturnType<typeof workerKit>>;
let w: JobWorld;

beforeAll(async () => {
  handle = await testDatabase();
  db = handle.db;
  setDatabaseForTests(handle);
  k = await workerKit(db, now);
  ({ w } = k);
});
afterAll(async () => {
  await handle?.close();
});

const at = (h: number, base = now) => k.at(h, base);
const newSkill = () => k.newSkill();
const newWorker = (...a: Parameters<typeof k.newWorker>) => k.newWorker(...a);
const oneShift = (...a: Parameters<typeof k.oneShift>) => k.oneShift(...a);
const ctxOf = (userId: number, when = now) => k.ctxOf(userId, when);

async function workerWithHistory() {
  const skill = await newSkill();
  const me = await newWorker([skill]);
  const colleague = await newWorker([skill]);
  const apps: Record<string, number> = {};
  const statuses: ApplicationStatus[] = [
    "Applied",
    "Reserve",
    "Requested",
    "Denied",
    "Request accepted",
    "Request denied",
    "Booked",
  ];
  for (const [i, status] of statuses.entries()) {
    const s = await oneShift(skill, 24 + i, { name: `Up ${status}` });
    apps[`up ${status}`] = await applyOn(db, s.slotId, me, status);
    await applyOn(db, s.slotId, colleague, status === "Booked" ? "Applied" : "Booked");
  }
  for (const [i, status] of (
    ["Report!", "Reported", "Approved", "Denied", "Applied"] as const
  ).entries()) {
    const s = await oneShift(skill, -100 + i, { name: `Past ${status}` });
    apps[`past ${status}`] = await applyOn(db, s.slotId, me, status);
    await applyOn(db, s.slotId, colleague, "Reported");
  }
  return { skill, me, colleague, apps };
}

describe("my, past and pending shifts", () => {
  it("puts each application in its tab and never shows another worker's", async () => {
    const { me, colleague, apps } = await workerWithHistory();
    const ctx = await ctxOf(me);
    const my = await myShifts(ctx, {});
    expect(my.items.map((i) => [i.job.name, i.status])).toEqual([
      ["Up Requested", "Requested"],
      ["Up Request accepted", "Request accepted"],
      ["Up Booked", "Booked"],
    ]);
    expect(my.items[2]).toMatchObject({
      id: apps["up Booked"],
      check_in_at: null,
      crew_boss: false,
      company: { name: "Company A" },
      time_zone: "Europe/Copenhagen",
    });
    const pending = await pendingShifts(ctx, {});
    expect(pending.items.map((i) => [i.job.name, i.status])).toEqual([
      ["Up Applied", "Applied"],
      ["Up Reserve", "Reserve"],
    ]);
    const past = await pastShifts(ctx, {});
    // Latest first; Denied and Applied on ended shifts are nobody's business any more.
    expect(past.items.map((i) => [i.job.name, i.status])).toEqual([
      ["Past Approved", "Approved"],
      ["Past Reported", "Reported"],
      ["Past Report!", "Report!"],
    ]);
    const all = [...my.items, ...pending.items, ...past.items];
    const colleagueApps = await db
      .select({ id: schema.applications.id })
      .from(schema.applications)
      .where(eq(schema.applications.assigneeId, colleague));
    expect(all.some((i) => colleagueApps.some((c) => c.id === i.id))).toBe(false);
  });

  it("lists an ended Booked shift as Report! among past shifts, without writing", async () => {
    const skill = await newSkill();
    const me = await newWorker([skill]);
    const ended = await oneShift(skill, -10, { name: "Booked and over" });
    const id = await applyOn(db, ended.slotId, me, "Booked");
    const counting = countingDb(handle);
    const ctx = await ctxFor(counting.db, me, { now });
    counting.reset();
    expect((await myShifts(ctx, {})).items).toEqual([]);
    const past = await pastShifts(ctx, {});
    expect(past.items.map((i) => [i.id, i.status, i.reported_hours])).toEqual([
      [id, "Report!", null],
    ]);
    expect((await workerDashboard(ctx)).toReport).toBe(1);
    expect(counting.writes()).toEqual([]);
    expect(await applicationStatus(db, id)).toBe("Booked");
  });

  it("carries the reported hours of a past shift and the crew boss flag", async () => {
    const skill = await newSkill();
    const me = await newWorker([skill]);
    const s = await oneShift(skill, -30, { name: "Reported night" });
    const id = await applyOn(db, s.slotId, me, "Reported");
    await db.insert(schema.shiftCrewBosses).values({ shiftId: s.shiftId, userId: me });
    const [h] = await db
      .insert(schema.reportedHours)
      .values({
        applicationId: id,
        shiftSlotId: s.slotId,
        startsAt: new Date("2031-03-08T21:00:00Z"),
        endsAt: new Date("2031-03-09T01:30:00Z"),
        iWasLate: true,
        comment: "Bus was late",
      })
      .returning({ id: schema.reportedHours.id });
    const [row] = (await pastShifts(await ctxOf(me), {})).items;
    expect(row.crew_boss).toBe(true);
    expect(row.reported_hours).toEqual({
      id: h.id,
      start: "2031-03-08T22:00:00+01:00",
      end: "2031-03-09T02:30:00+01:00",
      minutes: 270,
      i_was_late: 1,
      comment: "Bus was late",
    });
  });

  it("keeps a cancelled job in my shifts with its status, and hides archived jobs", async () => {
    const skill = await newSkill();
    const me = await newWorker([skill]);
    const cancelled = await oneShift(skill, 24, { name: "Called off", status: "Cancelled" });
    await applyOn(db, cancelled.slotId, me, "Booked");
    const archived = await oneShift(skill, 25, { name: "Archived" });
    await applyOn(db, archived.slotId, me, "Booked");
    await db.update(schema.jobs).set({ deletedAt: now }).where(eq(schema.jobs.id, archived.jobId));
    const my = await myShifts(await ctxOf(me), {});
    expect(my.items.map((i) => [i.job.name, i.job.status])).toEqual([["Called off", "Cancelled"]]);
  });

  it("pages each list with the same number of statements however many rows", async () => {
    const skill = await newSkill();
    const me = await newWorker([skill]);
    const counted = countingDb(handle);
    const ctx = { ...(await ctxOf(me)), db: counted.db };
    const s0 = await oneShift(skill, 24);
    await applyOn(db, s0.slotId, me, "Booked");
    const p0 = await oneShift(skill, -50);
    await applyOn(db, p0.slotId, me, "Reported");
    const counts = async () => {
      const out: number[] = [];
      for (const fn of [myShifts, pendingShifts, pastShifts]) {
        counted.reset();
        await fn(ctx, {});
        out.push(counted.statements());
      }
      return out;
    };
    const first = await counts();
    for (let i = 0; i < 6; i++) {
      const up = await oneShift(skill, 30 + i);
      await applyOn(db, up.slotId, me, i % 2 ? "Booked" : "Applied");
      const past = await oneShift(skill, -60 - i);
      await applyOn(db, past.slotId, me, "Booked");
    }
    expect((await pastShifts(ctx, {})).items).toHaveLength(7);
    expect(await counts()).toEqual(first);
  });

  it("refuses a client contact with 403", async () => {
    for (const fn of [myShifts, pendingShifts, pastShifts])
      expect((await appErrorOf(fn(await ctxOf(w.colA), {}))).status).toBe(403);
  });
});

describe("nextShift", () => {
  it("is the earliest Booked or Request accepted shift not yet ended, with the check-in window", async () => {
    const skill = await newSkill();
    const me = await newWorker([skill]);
    expect(await nextShift(await ctxOf(me))).toBeNull();
    const over = await oneShift(skill, -20);
    await applyOn(db, over.slotId, me, "Booked");
    const applied = await oneShift(skill, 2);
    await applyOn(db, applied.slotId, me, "Applied");
    const called = await oneShift(skill, 3, { status: "Cancelled" });
    await applyOn(db, called.slotId, me, "Booked");
    const accepted = await oneShift(skill, 10, { name: "Accepted" });
    const acceptedId = await applyOn(db, accepted.slotId, me, "Request accepted");
    const booked = await oneShift(skill, 30, { name: "Booked" });
    await applyOn(db, booked.slotId, me, "Booked");

    const next = await nextShift(await ctxOf(me));
    expect(next).toMatchObject({
      id: acceptedId,
      shift_id: accepted.shiftId,
      status: "Request accepted",
      job: { name: "Accepted" },
      start: "2031-03-10T21:00:00+01:00",
      can_check_in: false,
      check_in_opens_at: "2031-03-10T15:00:00+01:00",
    });
    // Inside the window: 6 hours before the start.
    const open = await nextShift(await ctxOf(me, at(4)));
    expect(open).toMatchObject({ id: acceptedId, can_check_in: true });
    // Under way it is still the next shift.
    expect(await nextShift(await ctxOf(me, at(12)))).toMatchObject({ id: acceptedId });
    expect(await nextShift(await ctxOf(me, at(16)))).toMatchObject({ shift_id: booked.shiftId });
  });
});

describe("checkIn", () => {
  async function booked(from = 4, status: ApplicationStatus = "Booked") {
    const skill = await newSkill();
    const me = await newWorker([skill]);
    const s = await oneShift(skill, from);
    const id = await applyOn(db, s.slotId, me, status);
    return { me, id, ...s };
  }

  it("refuses before the window with the time it opens, in the job's zone", async () => {
    const { me, id } = await booked(7);
    const err = await appErrorOf(checkIn(await ctxOf(me), { application_id: id, assignee_id: me }));
    expect(err.status).toBe(409);
    // Start 17:00Z = 18:00 in Copenhagen; opens six hours earlier.
    expect(err.message).toBe("Check-in opens at 12:00 on 10/03/2031.");
  });

  it("sets check_in_at to now inside the window, logs it, and keeps the first time", async () => {
    const { me, id } = await booked(4);
    const res = await checkIn(await ctxOf(me), { application_id: id, assignee_id: me });
    expect(res).toEqual({
      application_id: id,
      assignee_id: me,
      status: "Booked",
      check_in_at: "2031-03-10T11:00:00+01:00",
      already_checked_in: false,
      message: "Checked in",
    });
    const [row] = await db
      .select({ at: schema.applications.checkInAt })
      .from(schema.applications)
      .where(eq(schema.applications.id, id));
    expect(row.at?.getTime()).toBe(now.getTime());
    const logs = await db
      .select()
      .from(schema.activityLog)
      .where(
        and(
          eq(schema.activityLog.subjectType, "applications"),
          eq(schema.activityLog.subjectId, id),
        ),
      );
    expect(logs).toHaveLength(1);
    expect(logs[0].causerId).toBe(me);

    const again = await checkIn(await ctxOf(me, at(1)), { application_id: id, assignee_id: me });
    expect(again).toMatchObject({
      check_in_at: "2031-03-10T11:00:00+01:00",
      already_checked_in: true,
    });
    expect(await nextShift(await ctxOf(me, at(1)))).toMatchObject({
      id,
      check_in_at: "2031-03-10T11:00:00+01:00",
      can_check_in: false,
    });
  });

  it("refuses after the shift has ended", async () => {
    const { me, id } = await booked(-7);
    const err = await appErrorOf(checkIn(await ctxOf(me), { application_id: id, assignee_id: me }));
    expect([err.status, err.message]).toEqual([409, "This shift has ended."]);
  });

  it("refuses an application that is not booked", async () => {
    const { me, id } = await booked(2, "Applied");
    const err = await appErrorOf(checkIn(await ctxOf(me), { application_id: id, assignee_id: me }));
    expect([err.status, err.type]).toEqual([409, "not_booked"]);
  });

  it("hides another worker's application (404) and refuses checking in someone else (403)", async () => {
    const { me, id } = await booked(2);
    const stranger = await newWorker([]);
    const err = await appErrorOf(
      checkIn(await ctxOf(stranger), { application_id: id, assignee_id: me }),
    );
    expect(err.status).toBe(404);
    const err2 = await appErrorOf(
      checkIn(await ctxOf(stranger), { application_id: id, assignee_id: stranger }),
    );
    expect(err2.status).toBe(404);
    const err3 = await appErrorOf(
      checkIn(await ctxOf(me), { application_id: id, assignee_id: stranger }),
    );
    expect(err3.status).toBe(403);
    const unknown = await appErrorOf(
      checkIn(await ctxOf(me), { application_id: 2_000_000_000, assignee_id: me }),
    );
    expect(unknown.status).toBe(404);
  });

  it("lets a booker of the job check a worker in; a client contact may not", async () => {
    const { me, id } = await booked(1);
    expect(
      (await appErrorOf(checkIn(await ctxOf(w.colA), { application_id: id, assignee_id: me })))
        .status,
    ).toBe(403);
    const res = await checkIn(await ctxOf(w.crewHandler), { application_id: id, assignee_id: me });
    expect(res).toMatchObject({ assignee_id: me, already_checked_in: false });
    const err = await appErrorOf(
      checkIn(await ctxOf(w.crewHandler), { application_id: id, assignee_id: w.worker }),
    );
    expect(err.status).toBe(422);
  });

  it("answers 422 for missing or malformed fields", async () => {
    const err = await appErrorOf(checkIn(await ctxOf(w.worker), { application_id: "x" }));
    expect(err.status).toBe(422);
    expect(Object.keys(err.errors ?? {}).sort()).toEqual(["application_id", "assignee_id"]);
  });
});

describe("REST /api/v2/my-dashboard", () => {
  // Route handlers run on the real clock: the data lies around the real now.
  it("answers the counter, the page envelope, the next shift and check-in", async () => {
    const real = new Date();
    const skill = await newSkill();
    const me = await newWorker([skill]);
    const token = (await issueApiToken(db, me, real)).access_token;
    const s = await oneShift(skill, 2, { base: real });
    await oneShift(skill, 50, { base: real });

    const count = await callRoute(newJobsRoute.GET, "my-dashboard/new-jobs?count=1", { token });
    expect(count.status).toBe(200);
    expect((count.body as { data: NewJobsCount }).data).toEqual({ count: 2, label: "2" });
    const list = await callRoute(newJobsRoute.GET, "my-dashboard/new-jobs?perPage=1&page=2", {
      token,
    });
    const body = list.body as { data: NewJob[]; meta: { total: number; last_page: number } };
    expect([body.data.length, body.meta.total, body.meta.last_page]).toEqual([1, 2, 2]);

    const id = await applyOn(db, s.slotId, me, "Booked");
    const next = await callRoute(nextShiftRoute.GET, "getNextShift", { token });
    expect((next.body as { data: { id: number; can_check_in: boolean } }).data).toMatchObject({
      id,
      can_check_in: true,
    });
    const checked = await callRoute(checkInRoute.POST, "my-dashboard/check-in", {
      method: "POST",
      token,
      json: { application_id: id, assignee_id: me },
    });
    expect(checked.status).toBe(200);
    expect((checked.body as { data: { message: string } }).data.message).toBe("Checked in");
    const bad = await callRoute(checkInRoute.POST, "my-dashboard/check-in", {
      method: "POST",
      token,
      json: { application_id: "nope", assignee_id: me },
    });
    expect(bad.status).toBe(422);

    const mine = await callRoute(myShiftsRoute.GET, "my-dashboard/my-shifts", { token });
    expect((mine.body as { data: { id: number }[] }).data.map((r) => r.id)).toEqual([id]);
    const client = (await issueApiToken(db, w.colA, real)).access_token;
    expect(
      (await callRoute(myShiftsRoute.GET, "my-dashboard/my-shifts", { token: client })).status,
    ).toBe(403);
  });
});
