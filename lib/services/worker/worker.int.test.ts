import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { schema, setDatabaseForTests, type Db, type DbHandle } from "@/db";
import { ROLE } from "@/lib/domain/permissions";
import type { ApplicationStatus, JobStatus } from "@/lib/domain/statuses";
import { testDatabase } from "@/lib/testing/db";
import { createUser, ctxFor } from "@/lib/testing/fixtures";
import {
  applicationStatus,
  applyOn,
  createJobWorld,
  insertJob,
  type JobWorld,
} from "@/lib/testing/jobs-fixtures";
import { appErrorOf } from "@/lib/testing/app-error";
import { countingDb } from "@/lib/testing/counting-db";
import { callRoute } from "@/lib/testing/route-request";
import { makeCtx } from "@/lib/services/context";
import { issueApiToken } from "@/lib/services/auth/tokens";
import type { Page } from "@/lib/services/pagination";
import * as newJobsRoute from "@/app/api/v2/my-dashboard/new-jobs/route";
import * as checkInRoute from "@/app/api/v2/my-dashboard/check-in/route";
import * as nextShiftRoute from "@/app/api/v2/getNextShift/route";
import * as myShiftsRoute from "@/app/api/v2/my-dashboard/my-shifts/route";
import {
  checkIn,
  myShifts,
  newJobs,
  newJobsCount,
  newJobsList,
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
const H = 3_600_000;
const at = (h: number, base = now) => new Date(base.getTime() + h * H);

let handle: DbHandle;
let db: Db;
let w: JobWorld;
let branchA: number;
let branchB: number;
let seq = 0;

beforeAll(async () => {
  handle = await testDatabase();
  db = handle.db;
  setDatabaseForTests(handle);
  w = await createJobWorld(db);
  [branchA, branchB] = (
    await db
      .insert(schema.branches)
      .values([
        { name: "Worker test Aarhus", countryId: w.countryId },
        { name: "Worker test Odense", countryId: w.countryId },
      ])
      .returning({ id: schema.branches.id })
  ).map((b) => b.id);
});
afterAll(async () => {
  await handle?.close();
});

async function newSkill(): Promise<number> {
  const [s] = await db
    .insert(schema.skills)
    .values({ name: `Worker skill ${++seq}` })
    .returning({ id: schema.skills.id });
  return s.id;
}

async function newWorker(skills: number[], branches: number[] = [branchA]): Promise<number> {
  const { id } = await createUser(db, { roles: [ROLE.worker], name: `Worker ${++seq}` });
  if (skills.length)
    await db.insert(schema.userSkills).values(skills.map((skillId) => ({ userId: id, skillId })));
  if (branches.length)
    await db
      .insert(schema.userBranches)
      .values(branches.map((branchId) => ({ userId: id, branchId })));
  return id;
}

interface JobSpec {
  name?: string;
  status?: JobStatus;
  branches?: number[];
  shifts: { from: number; hours?: number; slots: { skillId: number; positions?: number }[] }[];
  base?: Date;
}

async function job(spec: JobSpec) {
  const inserted = await insertJob(db, {
    name: spec.name ?? `Job ${++seq}`,
    companyId: w.companyA,
    countryId: w.countryId,
    status: spec.status ?? "Published",
    shifts: spec.shifts.map((s) => ({
      startsAt: at(s.from, spec.base),
      endsAt: at(s.from + (s.hours ?? 6), spec.base),
      slots: s.slots.map((x) => ({ skillId: x.skillId, positions: x.positions ?? 2 })),
    })),
  });
  if (spec.branches?.length)
    await db
      .insert(schema.jobBranches)
      .values(spec.branches.map((branchId) => ({ jobId: inserted.id, branchId })));
  return inserted;
}

/** One shift with one slot; returns the shift, slot and job ids. */
async function oneShift(skillId: number, from: number, extra: Partial<JobSpec> = {}) {
  const j = await job({
    ...extra,
    shifts: [{ from, hours: extra.shifts?.[0]?.hours ?? 6, slots: [{ skillId, positions: 2 }] }],
  });
  return { jobId: j.id, shiftId: j.shifts[0].id, slotId: j.shifts[0].slots[0].id };
}

const ctxOf = (userId: number, when = now) => ctxFor(db, userId, { now: when });
const page = async (userId: number, when = now) =>
  (await newJobs(await ctxOf(userId, when), {})) as Page<NewJob>;

describe("newJobs", () => {
  it("lists the open slots of the worker's skills on jobs open to its branches, soonest first", async () => {
    const skill = await newSkill();
    const otherSkill = await newSkill();
    const me = await newWorker([skill], [branchA]);
    const later = await oneShift(skill, 48, { name: "Later, no branches" });
    const soon = await oneShift(skill, 24, {
      name: "Soon, my branch",
      branches: [branchA, branchB],
    });
    await oneShift(skill, 30, { name: "Other branch only", branches: [branchB] });
    await oneShift(otherSkill, 20, { name: "Skill I lack" });

    const res = await page(me);
    expect(res.items.map((i) => i.job.name)).toEqual(["Soon, my branch", "Later, no branches"]);
    expect(res.meta).toEqual({ current_page: 1, last_page: 1, per_page: 10, total: 2 });
    expect(res.items[0]).toMatchObject({
      shift_id: soon.shiftId,
      shift_slot_id: soon.slotId,
      job: { id: soon.jobId, name: "Soon, my branch" },
      company: { id: w.companyA, name: "Company A" },
      skill: { id: skill },
      positions: 2,
      filled: 0,
      time_zone: "Europe/Copenhagen",
      start: "2031-03-11T11:00:00+01:00",
      end: "2031-03-11T17:00:00+01:00",
    });
    expect(res.items[1].shift_id).toBe(later.shiftId);
  });

  it("shows a worker without skills nothing, and counts 0", async () => {
    const skill = await newSkill();
    const me = await newWorker([]);
    await oneShift(skill, 24);
    expect((await page(me)).items).toEqual([]);
    expect(await newJobsCount(await ctxOf(me))).toEqual({ count: 0, label: "0" });
  });

  it("shows a worker without branches only jobs that name no branches", async () => {
    const skill = await newSkill();
    const me = await newWorker([skill], []);
    await oneShift(skill, 24, { name: "Open to all" });
    await oneShift(skill, 25, { name: "Branch A only", branches: [branchA] });
    expect((await page(me)).items.map((i) => i.job.name)).toEqual(["Open to all"]);
  });

  it("hides full slots, shifts the worker has any application on, and shifts that have started", async () => {
    const skill = await newSkill();
    const me = await newWorker([skill]);
    const other = await newWorker([skill]);
    const full = await job({
      name: "Full",
      shifts: [{ from: 24, slots: [{ skillId: skill, positions: 1 }] }],
    });
    await applyOn(db, full.shifts[0].slots[0].id, other, "Booked");
    // Applied and Reserve hold no position: the slot stays open.
    const notFilled = await job({
      name: "Applied by another",
      shifts: [{ from: 26, slots: [{ skillId: skill, positions: 1 }] }],
    });
    await applyOn(db, notFilled.shifts[0].slots[0].id, other, "Applied");
    const partly = await job({
      name: "One of two taken",
      shifts: [{ from: 27, slots: [{ skillId: skill, positions: 2 }] }],
    });
    await applyOn(db, partly.shifts[0].slots[0].id, other, "Request accepted");
    for (const status of ["Applied", "Denied", "Booked"] as ApplicationStatus[]) {
      const mine = await oneShift(skill, 28, { name: `Mine ${status}` });
      await applyOn(db, mine.slotId, me, status);
    }
    await oneShift(skill, -1, {
      name: "Started an hour ago",
      shifts: [{ from: -1, hours: 8, slots: [] }],
    });
    await oneShift(skill, -30, { name: "Ended" });

    const res = await page(me);
    expect(res.items.map((i) => [i.job.name, i.filled])).toEqual([
      ["Applied by another", 0],
      ["One of two taken", 1],
    ]);
  });

  it("hides jobs that are not published, archived jobs, removed shifts and removed slots", async () => {
    const skill = await newSkill();
    const me = await newWorker([skill]);
    for (const status of ["Draft", "Cancelled", "Report!", "Invoiced"] as JobStatus[])
      await oneShift(skill, 24, { name: status, status });
    const archived = await oneShift(skill, 24, { name: "Archived" });
    await db.update(schema.jobs).set({ deletedAt: now }).where(eq(schema.jobs.id, archived.jobId));
    const removedShift = await oneShift(skill, 24, { name: "Removed shift" });
    await db
      .update(schema.shifts)
      .set({ deletedAt: now })
      .where(eq(schema.shifts.id, removedShift.shiftId));
    const removedSlot = await oneShift(skill, 24, { name: "Removed slot" });
    await db
      .update(schema.shiftSlots)
      .set({ deletedAt: now })
      .where(eq(schema.shiftSlots.id, removedSlot.slotId));
    await oneShift(skill, 24, { name: "Published" });
    expect((await page(me)).items.map((i) => i.job.name)).toEqual(["Published"]);
  });

  it('counts exactly below 20 and shows "20+" at 20 or more', async () => {
    const skill = await newSkill();
    const me = await newWorker([skill]);
    expect(await newJobs(await ctxOf(me), { count: "1" })).toEqual({ count: 0, label: "0" });
    await job({
      shifts: Array.from({ length: 19 }, (_, i) => ({ from: 24 + i, slots: [{ skillId: skill }] })),
    });
    expect(await newJobsCount(await ctxOf(me))).toEqual({ count: 19, label: "19" });
    await oneShift(skill, 100);
    expect(await newJobs(await ctxOf(me), { count: true })).toEqual({ count: 20, label: "20+" });
    await job({
      shifts: Array.from({ length: 5 }, (_, i) => ({ from: 200 + i, slots: [{ skillId: skill }] })),
    });
    // The counter stops at 20; the list still has them all.
    expect(await newJobsCount(await ctxOf(me))).toEqual({ count: 20, label: "20+" });
    const list = await newJobsList(await ctxOf(me), { page: 3, perPage: 10 });
    expect(list.meta).toEqual({ current_page: 3, last_page: 3, per_page: 10, total: 25 });
    expect(list.items).toHaveLength(5);
  });

  it("pages with a fixed number of statements", async () => {
    const skill = await newSkill();
    const me = await newWorker([skill]);
    const counted = countingDb(handle);
    const ctx = { ...(await ctxOf(me)), db: counted.db };
    await oneShift(skill, 24);
    counted.reset();
    await newJobs(ctx, {});
    const one = counted.statements();
    await job({
      shifts: Array.from({ length: 8 }, (_, i) => ({ from: 30 + i, slots: [{ skillId: skill }] })),
    });
    counted.reset();
    const res = (await newJobs(ctx, {})) as Page<NewJob>;
    expect(res.items).toHaveLength(9);
    expect(counted.statements()).toBe(one);
    expect(one).toBeLessThanOrEqual(3);
  });

  it("refuses a client contact (403), a caller not signed in (401) and bad paging (422)", async () => {
    expect((await appErrorOf(newJobs(await ctxOf(w.colA), {}))).status).toBe(403);
    expect((await appErrorOf(newJobs(makeCtx(db, null, { now }), {}))).status).toBe(401);
    const err = await appErrorOf(newJobs(await ctxOf(w.worker), { perPage: "lots" }));
    expect(err.status).toBe(422);
    expect(err.errors?.perPage).toBeDefined();
  });
});

/** A worker with an application in each status, upcoming and ended, and a colleague's. */
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

  it("settles ended Booked shifts to Report! before listing past shifts", async () => {
    const skill = await newSkill();
    const me = await newWorker([skill]);
    const ended = await oneShift(skill, -10, { name: "Booked and over" });
    const id = await applyOn(db, ended.slotId, me, "Booked");
    expect((await myShifts(await ctxOf(me), {})).items).toEqual([]);
    const past = await pastShifts(await ctxOf(me), {});
    expect(past.items.map((i) => [i.id, i.status, i.reported_hours])).toEqual([
      [id, "Report!", null],
    ]);
    expect(await applicationStatus(db, id)).toBe("Report!");
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
