import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { schema, setDatabaseForTests, type Db, type DbHandle } from "@/db";

import type { ApplicationStatus, JobStatus } from "@/lib/domain/statuses";
import { testDatabase } from "@/lib/testing/db";
import { workerKit, type JobSpec } from "@/lib/testing/worker-fixtures";

import { applyOn, type JobWorld } from "@/lib/testing/jobs-fixtures";
import { appErrorOf } from "@/lib/testing/app-error";
import { countingDb } from "@/lib/testing/counting-db";

import { makeCtx } from "@/lib/services/context";

import type { Page } from "@/lib/services/pagination";
import { newJobs, newJobsCount, newJobsList, type NewJob } from ".";
import { openToWorker, workerOf } from "./new-jobs";

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
let branchA: number;
let branchB: number;

beforeAll(async () => {
  handle = await testDatabase();
  db = handle.db;
  setDatabaseForTests(handle);
  k = await workerKit(db, now);
  ({ w, branchA, branchB } = k);
});
afterAll(async () => {
  await handle?.close();
});

const newSkill = () => k.newSkill();
const newWorker = (...a: Parameters<typeof k.newWorker>) => k.newWorker(...a);
const job = (spec: JobSpec) => k.job(spec);
const oneShift = (...a: Parameters<typeof k.oneShift>) => k.oneShift(...a);
const ctxOf = (userId: number, when = now) => k.ctxOf(userId, when);
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
    // Past the last page no row carries the total: it is counted on its own.
    const past = await newJobsList(await ctxOf(me), { page: 4, perPage: 10 });
    expect(past.items).toEqual([]);
    expect(past.meta.total).toBe(25);
    // Two a page: the total is counted ten pages past the current one, a floor beyond that.
    const twoAPage = await newJobsList(await ctxOf(me), { page: 1, perPage: 2 });
    expect(twoAPage.meta).toEqual({
      current_page: 1,
      last_page: 11,
      per_page: 2,
      total: 22,
      total_capped: true,
    });
    const further = await newJobsList(await ctxOf(me), { page: 3, perPage: 2 });
    expect(further.meta).toEqual({ current_page: 3, last_page: 13, per_page: 2, total: 25 });
    // The same rows, in the same order, as the slots 5 and 6 of a page of ten.
    const firstTen = await newJobsList(await ctxOf(me), { perPage: 10 });
    expect(further.items.map((i) => i.shift_slot_id)).toEqual(
      firstTen.items.slice(4, 6).map((i) => i.shift_slot_id),
    );
  });

  it("follows every write the walk's table is kept from, as the live rule does", async () => {
    const skill = await newSkill();
    const otherSkill = await newSkill();
    const me = await newWorker([skill], [branchA]);
    const both = await newWorker([skill], [branchA, branchB]);
    const other = await newWorker([skill], [branchB]);
    const moved = await oneShift(skill, 24, { name: "Moved", branches: [branchB] });
    const early = await oneShift(skill, 30, { name: "Early" });
    const reskilled = await oneShift(skill, 32, { name: "Reskilled", branches: [branchA] });
    const removed = await oneShift(skill, 34, { name: "Removed", branches: [branchA] });
    const filled = await job({
      name: "Filled",
      branches: [branchA, branchB],
      shifts: [{ from: 36, slots: [{ skillId: skill, positions: 1 }] }],
    });
    // The page as listed, checked against the live rule (`openToWorker`) on the same rows.
    const names = async (userId: number) => {
      const ctx = await ctxOf(userId);
      const worker = await workerOf(ctx);
      const live = await db
        .select({ name: schema.jobs.name })
        .from(schema.shiftSlots)
        .innerJoin(schema.shifts, eq(schema.shifts.id, schema.shiftSlots.shiftId))
        .innerJoin(schema.jobs, eq(schema.jobs.id, schema.shifts.jobId))
        .where(openToWorker(ctx, worker))
        .orderBy(schema.shifts.startsAt, schema.shifts.id, schema.shiftSlots.id);
      const listed = (await page(userId)).items.map((i) => i.job.name);
      expect(listed).toEqual(live.map((r) => r.name));
      return listed;
    };
    expect(await names(me)).toEqual(["Early", "Reskilled", "Removed", "Filled"]);
    // A job booking from two of the worker's branches shows its slot once.
    expect(await names(both)).toEqual(["Moved", "Early", "Reskilled", "Removed", "Filled"]);

    const jb = schema.jobBranches;
    await db.insert(jb).values({ jobId: moved.jobId, branchId: branchA });
    expect((await names(me))[0]).toBe("Moved");
    await db.delete(jb).where(eq(jb.jobId, moved.jobId));
    expect((await names(other))[0]).toBe("Moved"); // no branch left: any branch books
    await db.update(jb).set({ jobId: moved.jobId }).where(eq(jb.jobId, reskilled.jobId));
    // Reskilled's job now names no branch: open to every branch.
    expect(await names(me)).toEqual(["Moved", "Early", "Reskilled", "Removed", "Filled"]);
    expect(await names(other)).toEqual(["Early", "Reskilled", "Filled"]);

    await db
      .update(schema.shifts)
      .set({ startsAt: new Date(now.getTime() - 3_600_000) })
      .where(eq(schema.shifts.id, early.shiftId));
    expect(await names(me)).toEqual(["Moved", "Reskilled", "Removed", "Filled"]);
    await db
      .update(schema.shifts)
      .set({ startsAt: new Date(now.getTime() + 3_600_000) })
      .where(eq(schema.shifts.id, early.shiftId));
    expect(await names(me)).toEqual(["Early", "Moved", "Reskilled", "Removed", "Filled"]);

    await db
      .update(schema.shiftSlots)
      .set({ skillId: otherSkill })
      .where(eq(schema.shiftSlots.id, moved.slotId));
    await db.delete(schema.shiftSlots).where(eq(schema.shiftSlots.id, removed.slotId));
    await applyOn(db, filled.shifts[0].slots[0].id, other, "Booked");
    expect(await names(me)).toEqual(["Early", "Reskilled"]);
    expect(await names(both)).toEqual(["Early", "Reskilled"]);
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
    // 2 for the page (the worker's skills with their parents and levels, then the page with
    // its total), 1 for what prices the jobs, then the worker rates beside the holiday
    // calendars (the skills' parents and levels are the ones read first, not read again).
    expect(one).toBe(5);
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
