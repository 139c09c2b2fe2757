import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { schema } from "@/db";
import { appErrorOf } from "@/lib/testing/app-error";
import { countingDb } from "@/lib/testing/counting-db";
import { applyOn, insertJob, type InsertedJob } from "@/lib/testing/jobs-fixtures";
import { getShiftSlot, listShifts } from "./index";
import {
  bea,
  bo,
  ctxOf,
  handle,
  jobA,
  jobB,
  now,
  spec,
  setUpShiftsDatabase,
  w,
} from "./shifts.test-support";

setUpShiftsDatabase();

describe("listShifts", () => {
  let company: number;
  let job1: InsertedJob;
  let job2: InsertedJob;
  let ids: number[]; // s1..s5 in time order
  let removed: InsertedJob;

  beforeAll(async () => {
    const [c] = await handle.db
      .insert(schema.companies)
      .values({ name: "Shift Co", countryId: w.countryId })
      .returning();
    company = c.id;
    job1 = await insertJob(handle.db, {
      name: "Night run",
      companyId: company,
      countryId: w.countryId,
      shifts: [
        spec(1, 23, 30, [{ skillId: w.skill, positions: 2 }]), // 01/12 22:30Z
        spec(2, 0, 30, [{ skillId: w.skill2, positions: 1 }]), // 01/12 23:30Z, local day 02/12
        spec(2, 23, 30, [{ skillId: w.skill, positions: 3 }]),
        spec(3, 0, 30, [{ skillId: w.skill, positions: 1 }]), // 02/12 23:30Z, local day 03/12
      ],
    });
    job2 = await insertJob(handle.db, {
      name: "Day run",
      companyId: company,
      countryId: w.countryId,
      status: "Draft",
      shifts: [spec(5, 10, 0, [{ skillId: w.skill3, positions: 4 }])],
    });
    ids = [...job1.shifts.map((s) => s.id), job2.shifts[0].id];
    await applyOn(handle.db, job1.shifts[0].slots[0].id, bea, "Booked");
    await applyOn(handle.db, job1.shifts[0].slots[0].id, bo, "Applied");
    // Another company's job with a removed shift, and a shift whose only slot was removed.
    const [other] = await handle.db
      .insert(schema.companies)
      .values({ name: "Other Co", countryId: w.countryId })
      .returning();
    removed = await insertJob(handle.db, {
      name: "Removed",
      companyId: other.id,
      countryId: w.countryId,
      shifts: [
        spec(2, 12, 0, [{ skillId: w.skill2, positions: 1 }]),
        spec(2, 13, 0, [{ skillId: w.skill2, positions: 1 }]),
      ],
    });
    await handle.db
      .update(schema.shifts)
      .set({ deletedAt: now })
      .where(eq(schema.shifts.id, removed.shifts[0].id));
    await handle.db
      .update(schema.shiftSlots)
      .set({ deletedAt: now })
      .where(eq(schema.shiftSlots.id, removed.shifts[1].slots[0].id));
  });

  const list = async (filter: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
    listShifts(await ctxOf(w.pm), { filter, perPage: 100, ...extra });

  it("lists live shifts of jobs in scope, soonest first, in the job's zone", async () => {
    const page = await list({ job_id: job1.id });
    expect(page.items.map((s) => s.id)).toEqual(ids.slice(0, 4));
    expect(page.items[0]).toEqual({
      id: ids[0],
      job: { id: job1.id, name: "Night run", status: "Published" },
      company: { id: company, name: "Shift Co" },
      start: "2026-12-01T23:30:00+01:00",
      end: "2026-12-02T03:30:00+01:00",
      positions: 2,
      filled: 1,
    });
    expect((await list({ job_id: job2.id })).items[0].job.status).toBe("Draft");
  });

  it("filters by company and skill", async () => {
    const byCompany = await list({ company_id: company });
    expect(byCompany.items.map((s) => s.id)).toEqual(ids.slice(0, 4).concat(ids[4]));
    expect(
      (await list({ company_id: company, skill_id: w.skill2 })).items.map((s) => s.id),
    ).toEqual([ids[1]]);
    // A removed shift never shows; a shift whose skill2 slot was removed does not count for skill2.
    const day2 = { from: "02/12/2026", to: "02/12/2026" };
    expect((await list(day2)).items.map((s) => s.id)).toEqual([
      ids[1],
      removed.shifts[1].id,
      ids[2],
    ]);
    expect((await list({ ...day2, skill_id: w.skill2 })).items.map((s) => s.id)).toEqual([ids[1]]);
    expect(
      (await list({ company_id: company, skill_id: w.skill3 })).items.map((s) => s.id),
    ).toEqual([ids[4]]);
  });

  it("reads from/to as local calendar days (to inclusive), with 00:30 shifts on the right day", async () => {
    const days = async (from?: string, to?: string) =>
      (await list({ company_id: company, from, to })).items.map((s) => s.id);
    expect(await days("02/12/2026", "02/12/2026")).toEqual([ids[1], ids[2]]);
    expect(await days("01/12/2026", "01/12/2026")).toEqual([ids[0]]);
    expect(await days("03/12/2026")).toEqual([ids[3], ids[4]]);
    expect(await days(undefined, "02/12/2026")).toEqual([ids[0], ids[1], ids[2]]);
    expect(await days("04/12/2026", "04/12/2026")).toEqual([]);
    expect(await days("05/12/2026", "05/12/2026")).toEqual([ids[4]]);
  });

  it("pages with meta", async () => {
    const page = await listShifts(await ctxOf(w.pm), {
      filter: { company_id: company },
      perPage: 2,
      page: 2,
    });
    expect(page.items.map((s) => s.id)).toEqual([ids[2], ids[3]]);
    expect(page.meta).toEqual({ current_page: 2, last_page: 3, per_page: 2, total: 5 });
    const defaults = await listShifts(await ctxOf(w.pm), { filter: { company_id: company } });
    expect(defaults.meta).toEqual({ current_page: 1, last_page: 1, per_page: 10, total: 5 });
    const beyond = await listShifts(await ctxOf(w.pm), {
      filter: { company_id: company },
      perPage: 2,
      page: 9,
    });
    expect(beyond.items).toEqual([]);
    expect(beyond.meta.total).toBe(5);
  });

  it("refuses bad filters and paging with 422", async () => {
    for (const raw of [
      { filter: { from: "31/02/2026" } },
      { filter: { to: "2026-12-01" } },
      { filter: { job_id: "abc" } },
      { perPage: 1000 },
      { page: 0 },
    ]) {
      expect((await appErrorOf(listShifts(await ctxOf(w.pm), raw))).status).toBe(422);
    }
  });

  it("shows a client contact only its company's shifts; a worker gets 403", async () => {
    const colA = await listShifts(await ctxOf(w.colA), { perPage: 100 });
    expect(colA.items.length).toBeGreaterThan(0);
    expect(colA.items.every((s) => s.company.id === w.companyA)).toBe(true);
    expect(
      (await listShifts(await ctxOf(w.colA), { filter: { company_id: company } })).items,
    ).toEqual([]);
    expect(
      (await listShifts(await ctxOf(w.colA), { filter: { job_id: jobB.id } })).meta.total,
    ).toBe(0);
    expect((await appErrorOf(listShifts(await ctxOf(w.worker), {}))).status).toBe(403);
  });

  it("runs the same number of queries for 2 shifts and for 100", async () => {
    const [c] = await handle.db
      .insert(schema.companies)
      .values({ name: "Counted shifts", countryId: w.countryId })
      .returning();
    const job = await insertJob(handle.db, {
      name: "Counted",
      companyId: c.id,
      countryId: w.countryId,
      shifts: [
        spec(20, 8, 0, [{ skillId: w.skill, positions: 2 }]),
        spec(20, 9, 0, [{ skillId: w.skill, positions: 2 }]),
      ],
    });
    const counter = countingDb(handle);
    const ctx = { db: counter.db, actor: (await ctxOf(w.pm)).actor, now };
    counter.reset();
    const small = await listShifts(ctx, { filter: { company_id: c.id }, perPage: 100 });
    const few = counter.statements();
    const more = await handle.db
      .insert(schema.shifts)
      .values(
        Array.from({ length: 98 }, (_, i) => ({
          jobId: job.id,
          startsAt: new Date(Date.UTC(2026, 11, 21, 0, i)),
          endsAt: new Date(Date.UTC(2026, 11, 21, 4, i)),
        })),
      )
      .returning({ id: schema.shifts.id });
    await handle.db
      .insert(schema.shiftSlots)
      .values(more.map((s) => ({ shiftId: s.id, skillId: w.skill, positions: 1 })));
    counter.reset();
    const big = await listShifts(ctx, { filter: { company_id: c.id }, perPage: 100 });
    expect(small.items).toHaveLength(2);
    expect(big.items).toHaveLength(100);
    expect(big.meta.total).toBe(100);
    expect(counter.statements()).toBe(few);
    expect(few).toBeLessThanOrEqual(3);
  });
});

describe("getShiftSlot", () => {
  it("returns the slot with its skill, shift, job, fill figure and applications", async () => {
    const slotId = jobA.shifts[0].slots[0].id;
    const slot = await getShiftSlot(await ctxOf(w.pm), slotId);
    expect(slot).toEqual({
      id: slotId,
      shift_id: jobA.shifts[0].id,
      skill_id: w.skill,
      skill: { id: w.skill, name: "Stagehand" },
      positions: 2,
      filled: 1,
      shift: {
        id: jobA.shifts[0].id,
        start: "2026-12-10T08:00:00+01:00",
        end: "2026-12-10T12:00:00+01:00",
      },
      job: { id: jobA.id, name: "Crew job A" },
      applications: [
        { id: expect.any(Number), status: "Booked", assignee: { id: bea, name: "Bea Booked" } },
        { id: expect.any(Number), status: "Applied", assignee: { id: bo, name: "Bo Applied" } },
      ],
    });
    expect((await getShiftSlot(await ctxOf(w.colA), String(slotId))).id).toBe(slotId);
  });

  it("scopes: another company's contact 404, worker 403, unknown or removed 404", async () => {
    const slotId = jobA.shifts[0].slots[0].id;
    expect((await appErrorOf(getShiftSlot(await ctxOf(w.colB), slotId))).status).toBe(404);
    expect((await appErrorOf(getShiftSlot(await ctxOf(w.worker), slotId))).status).toBe(403);
    for (const id of [99_999_999, "abc", 0, -3]) {
      expect((await appErrorOf(getShiftSlot(await ctxOf(w.pm), id))).status).toBe(404);
    }
    const job = await insertJob(handle.db, {
      name: "Removed slot",
      companyId: w.companyA,
      countryId: w.countryId,
      shifts: [spec(14, 8, 0, [{ skillId: w.skill, positions: 1 }])],
    });
    await handle.db
      .update(schema.shiftSlots)
      .set({ deletedAt: now })
      .where(eq(schema.shiftSlots.id, job.shifts[0].slots[0].id));
    expect(
      (await appErrorOf(getShiftSlot(await ctxOf(w.pm), job.shifts[0].slots[0].id))).status,
    ).toBe(404);
  });
});
