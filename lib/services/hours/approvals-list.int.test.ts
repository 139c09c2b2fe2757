import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { schema, setDatabaseForTests, type Db, type DbHandle } from "@/db";
import { ROLE } from "@/lib/domain/permissions";
import { fromLocal } from "@/lib/domain/time";
import { testDatabase } from "@/lib/testing/db";
import { createUser, ctxFor } from "@/lib/testing/fixtures";
import { appErrorOf } from "@/lib/testing/app-error";
import { countingDb } from "@/lib/testing/counting-db";
import {
  applyOn,
  createJobWorld,
  ensureRole,
  giveRole,
  insertJob,
  type JobWorld,
} from "@/lib/testing/jobs-fixtures";
import { approvalFilterOptions, approveApplication, listApprovals, reportHours } from ".";

let handle: DbHandle;
let db: Db;
let w: JobWorld;

const now = new Date("2026-11-22T12:00:00Z");
const at = (day: number, hour: number, minute = 0) =>
  fromLocal({ year: 2026, month: 11, day, hour, minute }, "Europe/Copenhagen");
const ctxOf = (userId: number) => ctxFor(db, userId, { now });
const newWorker = async () => (await createUser(db, { roles: [ROLE.worker] })).id;

/** The world of these tests: jobs of A and B on several days, with each kind of row. */
let jobA1: { id: number; shiftId: number; apps: number[] };
let jobA2: { id: number; shiftId: number; apps: number[] };
let jobB: { id: number; shiftId: number; apps: number[] };
let boss: number;

async function job(companyId: number, name: string, day: number, workers: number) {
  const j = await insertJob(db, {
    name,
    companyId,
    countryId: w.countryId,
    shifts: [
      {
        startsAt: at(day, 22),
        endsAt: at(day + 1, 2),
        slots: [{ skillId: w.skill, positions: workers }],
      },
    ],
  });
  const apps: number[] = [];
  for (let i = 0; i < workers; i++)
    apps.push(await applyOn(db, j.shifts[0].slots[0].id, await newWorker(), "Report!"));
  return { id: j.id, shiftId: j.shifts[0].id, apps };
}

const report = async (applicationId: number) =>
  reportHours(await ctxOf(w.pm), { application_id: applicationId, start: "22:00", end: "01:30" });

beforeAll(async () => {
  handle = await testDatabase();
  db = handle.db;
  setDatabaseForTests(handle);
  w = await createJobWorld(db);
  jobA1 = await job(w.companyA, "Gala A1", 10, 3);
  jobA2 = await job(w.companyA, "Concert A2", 15, 2);
  jobB = await job(w.companyB, "Fair B", 12, 2);
  for (const id of [...jobA1.apps, jobA2.apps[0], jobB.apps[0]]) await report(id);
  await approveApplication(await ctxOf(w.pm), jobA1.apps[2]);
  // A crew boss who may approve but holds no job_view: only its own shifts.
  const role = await ensureRole(db, "Crew boss approver (test)", ["approval_access"]);
  boss = await newWorker();
  await giveRole(db, boss, role);
  await db.insert(schema.shiftCrewBosses).values({ shiftId: jobA2.shiftId, userId: boss });
});
afterAll(async () => {
  await handle?.close();
});

const ids = (page: { items: { id: number }[] }) => page.items.map((r) => r.id);

describe("listApprovals", () => {
  it("lists reported hours awaiting approval by default, newest shift first, with all a row needs", async () => {
    const page = await listApprovals(await ctxOf(w.pm), {});
    expect(ids(page)).toEqual([jobA2.apps[0], jobB.apps[0], jobA1.apps[1], jobA1.apps[0]]);
    expect(page.meta).toEqual({ current_page: 1, last_page: 1, per_page: 10, total: 4 });
    expect(page.items[0]).toMatchObject({
      status: "Reported",
      job: { id: jobA2.id, name: "Concert A2" },
      company: { id: w.companyA, name: "Company A" },
      shift: {
        id: jobA2.shiftId,
        start: "2026-11-15T22:00:00+01:00",
        end: "2026-11-16T02:00:00+01:00",
      },
      skill: { id: w.skill, name: "Stagehand" },
      reported_hours: {
        start: "2026-11-15T22:00:00+01:00",
        end: "2026-11-16T01:30:00+01:00",
        minutes: 210,
        hours: 3.5,
        i_was_late: 0,
        comment: null,
        created_by: { id: w.pm, name: "Per PM" },
      },
      check_in_at: null,
      time_zone: "Europe/Copenhagen",
      can_report: true,
    });
  });

  it("filters by tab, job, company and dates, and pages", async () => {
    const ctx = await ctxOf(w.pm);
    const missing = await listApprovals(ctx, { filter: { status: "missing" } });
    expect(ids(missing)).toEqual([jobA2.apps[1], jobB.apps[1]]);
    expect(missing.items[0].reported_hours).toBeNull();
    const approved = await listApprovals(ctx, { filter: { status: "approved" } });
    expect(ids(approved)).toEqual([jobA1.apps[2]]);
    expect(approved.items[0].reported_hours?.approved_at).toBe("2026-11-22T13:00:00+01:00");
    expect(ids(await listApprovals(ctx, { filter: { job_id: String(jobA1.id) } }))).toEqual([
      jobA1.apps[1],
      jobA1.apps[0],
    ]);
    expect(ids(await listApprovals(ctx, { filter: { company_id: w.companyB } }))).toEqual([
      jobB.apps[0],
    ]);
    // Dates are days of the shift's start in the job's zone, both ends included.
    expect(
      ids(await listApprovals(ctx, { filter: { from: "12/11/2026", to: "15/11/2026" } })),
    ).toEqual([jobA2.apps[0], jobB.apps[0]]);
    expect(ids(await listApprovals(ctx, { filter: { to: "11/11/2026" } }))).toEqual([
      jobA1.apps[1],
      jobA1.apps[0],
    ]);
    const page2 = await listApprovals(ctx, { page: "2", perPage: "3" });
    expect(ids(page2)).toEqual([jobA1.apps[0]]);
    expect(page2.meta).toEqual({ current_page: 2, last_page: 2, per_page: 3, total: 4 });
  });

  it("keeps shift order when a shift moves or a place moves to another shift (the start each application carries)", async () => {
    const startOf = async (d: Db, id: number) =>
      (
        await d
          .select({ at: schema.applications.shiftStartsAt })
          .from(schema.applications)
          .where(eq(schema.applications.id, id))
      )[0].at;
    // Read before the transaction: on PGlite a query outside it would wait for it.
    const pm = await ctxOf(w.pm);
    await db
      .transaction(async (tx) => {
        const ctx = { ...pm, db: tx as unknown as Db };
        // Gala A1 moves from the 10th to the 20th: its reports lead the inbox.
        await tx
          .update(schema.shifts)
          .set({ startsAt: at(20, 22), endsAt: at(21, 2) })
          .where(eq(schema.shifts.id, jobA1.shiftId));
        expect(await startOf(tx as unknown as Db, jobA1.apps[0])).toEqual(at(20, 22));
        expect(ids(await listApprovals(ctx, {}))).toEqual([
          jobA1.apps[1],
          jobA1.apps[0],
          jobA2.apps[0],
          jobB.apps[0],
        ]);
        // Fair B's report moves onto Concert A2's shift (the 15th): it sorts with that shift.
        const [slot] = await tx
          .select({ id: schema.shiftSlots.id })
          .from(schema.shiftSlots)
          .where(eq(schema.shiftSlots.shiftId, jobA2.shiftId));
        await tx
          .update(schema.applications)
          .set({ shiftId: jobA2.shiftId, shiftSlotId: slot.id })
          .where(eq(schema.applications.id, jobB.apps[0]));
        expect(await startOf(tx as unknown as Db, jobB.apps[0])).toEqual(at(15, 22));
        // A write of the column itself is corrected from the shift.
        await tx
          .update(schema.applications)
          .set({ shiftStartsAt: at(1, 0) })
          .where(eq(schema.applications.id, jobB.apps[0]));
        expect(await startOf(tx as unknown as Db, jobB.apps[0])).toEqual(at(15, 22));
        expect(ids(await listApprovals(ctx, {}))).toEqual([
          jobA1.apps[1],
          jobA1.apps[0],
          jobB.apps[0],
          jobA2.apps[0],
        ]);
        throw new Error("roll back");
      })
      .catch((e: Error) => expect(e.message).toBe("roll back"));
    // A new place carries its shift's start from its insert.
    expect(await startOf(db, jobA2.apps[1])).toEqual(at(15, 22));
  });

  it("refuses bad filters with 422", async () => {
    const ctx = await ctxOf(w.pm);
    const status = await appErrorOf(listApprovals(ctx, { filter: { status: "paid" } }));
    expect(status.status).toBe(422);
    expect(status.errors?.["filter.status"]).toBeDefined();
    const date = await appErrorOf(listApprovals(ctx, { filter: { from: "31/02/2026" } }));
    expect(date.errors?.["filter.from"]).toEqual(["Use a real date as DD/MM/YYYY."]);
    const order = await appErrorOf(
      listApprovals(ctx, { filter: { from: "15/11/2026", to: "01/11/2026" } }),
    );
    expect(order.errors?.["filter.to"]).toBeDefined();
  });

  it("shows a client contact only its own company's rows", async () => {
    const a = await listApprovals(await ctxOf(w.colA), {});
    expect(ids(a)).toEqual([jobA2.apps[0], jobA1.apps[1], jobA1.apps[0]]);
    expect(a.items.every((r) => r.can_report === false)).toBe(true);
    const b = await listApprovals(await ctxOf(w.colB), { filter: { company_id: w.companyA } });
    expect(b.items).toEqual([]);
    const options = await approvalFilterOptions(await ctxOf(w.colB));
    expect(options).toEqual({
      jobs: [{ id: jobB.id, name: "Fair B" }],
      companies: [{ id: w.companyB, name: "Company B" }],
    });
  });

  it("shows a crew boss without job_view only the shifts it leads", async () => {
    const page = await listApprovals(await ctxOf(boss), {});
    expect(ids(page)).toEqual([jobA2.apps[0]]);
    expect(page.items[0].can_report).toBe(true);
    const missing = await listApprovals(await ctxOf(boss), { filter: { status: "missing" } });
    expect(ids(missing)).toEqual([jobA2.apps[1]]);
    expect((await approvalFilterOptions(await ctxOf(boss))).jobs).toEqual([
      { id: jobA2.id, name: "Concert A2" },
    ]);
  });

  it("is refused (403) without approval_access", async () => {
    const err = await appErrorOf(listApprovals(await ctxOf(await newWorker()), {}));
    expect(err.status).toBe(403);
  });

  it("shows a held place whose shift has just ended as missing at once, without writing", async () => {
    const j = await insertJob(db, {
      name: "Just ended",
      companyId: w.companyA,
      countryId: w.countryId,
      shifts: [
        { startsAt: at(22, 5), endsAt: at(22, 12), slots: [{ skillId: w.skill, positions: 1 }] },
      ],
    });
    const app = await applyOn(db, j.shifts[0].slots[0].id, await newWorker(), "Booked");
    const counting = countingDb(handle);
    const ctx = await ctxFor(counting.db, w.pm, { now });
    counting.reset();
    const page = await listApprovals(ctx, { filter: { status: "missing", job_id: j.id } });
    expect(ids(page)).toEqual([app]);
    expect(page.items[0].status).toBe("Report!");
    const options = await approvalFilterOptions(ctx);
    expect(options.jobs.map((o) => o.id)).toContain(j.id);
    // A GET never writes: the sweep alone turns the place into Report! in the database.
    expect(counting.writes()).toEqual([]);
    const [row] = await db
      .select({ status: schema.applications.status })
      .from(schema.applications)
      .where(eq(schema.applications.id, app));
    expect(row.status).toBe("Booked");
    const awaiting = await listApprovals(ctx, { filter: { job_id: j.id } });
    expect(ids(awaiting)).toEqual([]);
  });

  it("needs the same number of queries for 1 row as for 6 (no N+1)", async () => {
    const company = (
      await db
        .insert(schema.companies)
        .values({ name: "Counted Co", countryId: w.countryId })
        .returning()
    )[0].id;
    for (const day of [3, 4]) {
      const j = await job(company, `Counted ${day}`, day, 3);
      for (const id of j.apps) await report(id);
    }
    const counting = countingDb(handle);
    const ctx = await ctxFor(counting.db, w.pm, { now });
    counting.reset();
    const one = await listApprovals(ctx, { perPage: 1, filter: { company_id: company } });
    const few = counting.statements();
    counting.reset();
    const six = await listApprovals(ctx, { perPage: 10, filter: { company_id: company } });
    expect(one.items).toHaveLength(1);
    expect(six.items).toHaveLength(6);
    expect(counting.statements()).toBe(few);
    // The page, its count, and the last change of the reported hours on the page.
    expect(few).toBe(3);
  });

  it("counts ten pages past the current one: beyond that the total is a floor (total_capped)", async () => {
    const company = (
      await db
        .insert(schema.companies)
        .values({ name: "Windowed Co", countryId: w.countryId })
        .returning()
    )[0].id;
    const j = await job(company, "Windowed", 5, 13);
    const ctx = await ctxOf(w.pm);
    const filter = { status: "missing", company_id: company };
    const all = await listApprovals(ctx, { filter });
    expect(all.meta).toEqual({ current_page: 1, last_page: 2, per_page: 10, total: 13 });
    // One a page: page 1 counts 11 rows (itself and ten more) and finds a twelfth.
    const first = await listApprovals(ctx, { perPage: 1, filter });
    expect(ids(first)).toEqual([Math.max(...j.apps)]);
    expect(first.meta).toEqual({
      current_page: 1,
      last_page: 11,
      per_page: 1,
      total: 11,
      total_capped: true,
    });
    // Page 3 counts to 13: every row, so the total is exact again.
    const third = await listApprovals(ctx, { page: 3, perPage: 1, filter });
    expect(third.meta).toEqual({ current_page: 3, last_page: 13, per_page: 1, total: 13 });
    // A page past the first window serves the same row as the full list at that place.
    const twelfth = await listApprovals(ctx, { page: 12, perPage: 1, filter });
    expect(ids(twelfth)).toEqual([
      ids(all).concat(ids(await listApprovals(ctx, { page: 2, filter })))[11],
    ]);
    expect(twelfth.meta).toMatchObject({ current_page: 12, last_page: 13, total: 13 });
  });
});
