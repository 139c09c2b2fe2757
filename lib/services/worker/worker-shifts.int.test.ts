import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { schema } from "@/db";
import { applicationStatus, applyOn } from "@/lib/testing/jobs-fixtures";
import { appErrorOf } from "@/lib/testing/app-error";
import { countingDb } from "@/lib/testing/counting-db";
import { ctxFor } from "@/lib/testing/fixtures";
import { workerDashboard } from "@/lib/services/dashboard";
import { myShifts, nextShift, pastShifts, pendingShifts } from ".";
import {
  at,
  ctxOf,
  db,
  handle,
  newSkill,
  newWorker,
  now,
  oneShift,
  setUpWorkerDatabase,
  w,
  workerWithHistory,
} from "./worker.test-support";

setUpWorkerDatabase();

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
