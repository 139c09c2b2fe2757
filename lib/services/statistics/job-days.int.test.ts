import { describe, expect, it } from "vitest";
import { and, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { schema, type Db } from "@/db";
import { countingDb } from "@/lib/testing/counting-db";
import { lockApplications } from "../applications/locks";
import { rowsOf } from "../chat/access";
import { approveApplication, disapproveApplication } from "../hours";
import type { Ctx } from "../context";
import { statistics } from ".";
import { sweepJobDays } from "./job-days";
import { sweepClientPrices } from "./stored-prices";
import { p, RANGE, sctx, setUpStatistics, w } from "./statistics.test-support";

setUpStatistics();

/*
 * The statistics roll-up (issue 27) over the statistics world (statistics.test-support.ts): after
 * every kind of change the four calls it serves answer exactly what they answer computed live
 * from the reports, both before the sweep ran (the change marked its job, which is then read
 * live) and after (read from the recomputed totals). A missing trigger leaves the job clean with
 * its old totals: the "before" comparison and the mark check fail. The cases build on each
 * other, in order.
 */

const sj = schema.statisticsJobs;
const rh = schema.reportedHours;
const a = schema.applications;
const CALLS = ["reportedHours", "revenue", "clientRevenue", "clientMargins"] as const;
/**
 * Monthly over both months (the month level), daily over each (the job-days; a moved date
 * shows), one client's, and monthly with part months at the ends (both levels).
 */
const ranges = () => [
  RANGE,
  { start: "2026-10-01", end: "2026-10-31" },
  { start: "2026-11-01", end: "2026-11-30" },
  { ...RANGE, filter: { company_id: w.projectionCo } },
  // Monthly with part months at both ends: whole months from the month level, the edges' days.
  { start: "2026-09-20", end: "2026-11-29" },
  { start: "2026-10-02", end: "2026-12-31", filter: { company_id: w.fjord } },
];

async function answers(ctx: Ctx) {
  const out: unknown[] = [];
  for (const range of ranges())
    for (const call of CALLS) out.push(await statistics[call](ctx, range));
  return out;
}

/** The same calls with every job marked, so all read their reports; rolled back after. */
async function liveAnswers() {
  let out: unknown[] = [];
  await p.db
    .transaction(async (tx) => {
      await tx.update(sj).set({ dirtyVersion: sql`nextval('statistics_dirty_version')` });
      out = await answers({ ...sctx.admin, db: tx as unknown as Db });
      tx.rollback();
    })
    .catch((e: Error) => {
      if (!/rollback/i.test(e.message)) throw e;
    });
  return out;
}

async function expectExact() {
  expect(await answers(sctx.admin)).toEqual(await liveAnswers());
}

const dirty = async () =>
  (
    await p.db.select({ id: sj.jobId }).from(sj).where(isNotNull(sj.dirtyVersion)).orderBy(sj.jobId)
  ).map((r) => r.id);

/** Both sweeps, as the background round runs them; then nothing is dirty and totals exist. */
async function sweep() {
  await sweepClientPrices(p.db);
  expect((await sweepJobDays(p.db, { batch: 1 })).done).toBe(true);
  expect(await dirty()).toEqual([]);
  await expectExact();
}

async function reportOf(assigneeId: number) {
  const [row] = await p.db
    .select({ report: rh, applicationId: a.id, slotId: a.shiftSlotId })
    .from(rh)
    .innerJoin(a, eq(a.id, rh.applicationId))
    .where(eq(a.assigneeId, assigneeId));
  return row;
}

async function annaId() {
  const [u] = await p.db.select().from(schema.users).where(eq(schema.users.name, "Anna"));
  return u.id;
}

async function statements(fn: (ctx: Ctx) => Promise<unknown>) {
  const counting = countingDb(p.handle);
  await fn({ ...sctx.admin, db: counting.db });
  return counting.statements();
}

/** After a change: its job is marked, the calls are exact; after the sweep too. */
async function changed(jobId: number) {
  expect(await dirty()).toContain(jobId);
  await expectExact();
  await sweep();
}

describe("statistics roll-up (statistics_job_days)", () => {
  it("starts with every job marked (read live); the sweep totals them, figures unchanged", async () => {
    expect(await dirty()).toEqual(expect.arrayContaining([p.jobId, w.fjordJob]));
    const before = await answers(sctx.admin);
    await sweep();
    expect(await answers(sctx.admin)).toEqual(before);
    const days = await p.db
      .select()
      .from(schema.statisticsJobDays)
      .where(eq(schema.statisticsJobDays.jobId, w.fjordJob));
    expect(days).toEqual([
      {
        jobId: w.fjordJob,
        localDate: "2026-10-15",
        approvedSeconds: "14400.000000",
        pendingSeconds: "0.000000",
        currency: "NOK",
        approvedPrice: 240 * 50000,
        // What the readers filter on without joining jobs: the job's client, the shared
        // pricing version the day was priced under.
        companyId: w.fjord,
        pricingVersion: (await p.db.select().from(schema.pricingVersions))[0].version,
      },
    ]);
    // Totals only: one statement, whatever the number of reports.
    expect(await statements((ctx) => statistics.revenue(ctx, RANGE))).toBe(1);
    expect(await statements((ctx) => statistics.reportedHours(ctx, RANGE))).toBe(1);
  });

  it("approving and un-approving hours", async () => {
    const anna = await reportOf(await annaId());
    const ctx = { ...sctx.admin, now: new Date("2026-11-29T12:00:00Z") };
    await approveApplication(ctx, anna.applicationId);
    await changed(p.jobId);
    await disapproveApplication(ctx, anna.applicationId);
    await changed(p.jobId);
  });

  it("edited hours", async () => {
    const { report } = await reportOf(w.nils);
    await p.db
      .update(rh)
      .set({ endsAt: new Date("2026-10-15T11:00:00Z") })
      .where(eq(rh.id, report.id));
    await changed(w.fjordJob);
  });

  it("a cancelled booking and a booking again", async () => {
    // A place without reported hours is not in the totals: its booking marks nothing (bookings
    // on one job do not queue on its mark).
    const [kim] = await p.db
      .select({ id: a.id, status: a.status })
      .from(a)
      .innerJoin(schema.shiftSlots, eq(schema.shiftSlots.id, a.shiftSlotId))
      .innerJoin(schema.shifts, eq(schema.shifts.id, schema.shiftSlots.shiftId))
      .where(and(eq(schema.shifts.jobId, p.bareJobId), eq(a.assigneeId, w.kim)));
    await p.db.update(a).set({ status: "Denied" }).where(eq(a.id, kim.id));
    await p.db.update(a).set({ status: kim.status }).where(eq(a.id, kim.id));
    expect(await dirty()).toEqual([]);

    const { applicationId } = await reportOf(w.ole);
    await p.db.update(a).set({ status: "Denied" }).where(eq(a.id, applicationId));
    await changed(p.jobId);
    await p.db.update(a).set({ status: "Approved" }).where(eq(a.id, applicationId));
    await changed(p.jobId);
  });

  it("a shift moved to another date and month", async () => {
    const [shift] = await p.db
      .select()
      .from(schema.shifts)
      .where(eq(schema.shifts.jobId, w.fjordJob));
    await p.db
      .update(schema.shifts)
      .set({ startsAt: new Date("2026-11-02T06:00:00Z") })
      .where(eq(schema.shifts.id, shift.id));
    await changed(w.fjordJob);
    await p.db
      .update(schema.shifts)
      .set({ startsAt: shift.startsAt })
      .where(eq(schema.shifts.id, shift.id));
    await changed(w.fjordJob);
  });

  it("a slot, a shift and a job deleted (and restored)", async () => {
    const { slotId } = await reportOf(w.nils);
    const gone = { deletedAt: new Date("2026-11-25T12:00:00Z") };
    await p.db.update(schema.shiftSlots).set(gone).where(eq(schema.shiftSlots.id, slotId));
    await changed(w.fjordJob);
    await p.db
      .update(schema.shiftSlots)
      .set({ deletedAt: null })
      .where(eq(schema.shiftSlots.id, slotId));
    await changed(w.fjordJob);
    await p.db.update(schema.shifts).set(gone).where(eq(schema.shifts.jobId, w.fjordJob));
    await changed(w.fjordJob);
    await p.db
      .update(schema.shifts)
      .set({ deletedAt: null })
      .where(eq(schema.shifts.jobId, w.fjordJob));
    await changed(w.fjordJob);
    // A deleted job has no days (the totals do not join jobs): deleting and restoring it marks
    // it, and the calls drop it at once, before the sweep.
    await p.db.update(schema.jobs).set(gone).where(eq(schema.jobs.id, w.fjordJob));
    expect(await dirty()).toContain(w.fjordJob);
    expect((await statistics.clientRevenue(sctx.admin, RANGE)).labels.includes("Fjord AS")).toBe(
      false,
    );
    await changed(w.fjordJob);
    expect((await statistics.clientRevenue(sctx.admin, RANGE)).labels.includes("Fjord AS")).toBe(
      false,
    );
    await p.db.update(schema.jobs).set({ deletedAt: null }).where(eq(schema.jobs.id, w.fjordJob));
    await changed(w.fjordJob);
    expect((await statistics.clientRevenue(sctx.admin, RANGE)).labels.includes("Fjord AS")).toBe(
      true,
    );
  });

  it("a job moved to another client", async () => {
    await p.db.update(schema.jobs).set({ companyId: w.fjord }).where(eq(schema.jobs.id, p.jobId));
    await changed(p.jobId);
    await p.db
      .update(schema.jobs)
      .set({ companyId: w.projectionCo })
      .where(eq(schema.jobs.id, p.jobId));
    await changed(p.jobId);
  });

  it("a rate card change: the totals' prices are stale until the sweep, read live meanwhile", async () => {
    await p.db
      .update(schema.clientRates)
      .set({ standardPrice: 70000 })
      .where(and(eq(schema.clientRates.companyId, w.fjord), isNull(schema.clientRates.jobId)));
    // A shared input: no job is marked, every job's stamp is old.
    expect(await dirty()).toEqual([]);
    await expectExact();
    expect(
      (await statistics.revenue(sctx.admin, RANGE)).series.find((s) => s.name === "Revenue (NOK)")
        ?.values,
    ).toEqual([(300 * 70000) / 60, 0]);
    // The roll-up prices what is not stored yet itself: right without the price sweep.
    expect((await sweepJobDays(p.db)).done).toBe(true);
    await expectExact();
    await sweep();
    expect(await statements((ctx) => statistics.revenue(ctx, RANGE))).toBe(1);
  });

  it("a report deleted", async () => {
    const { report } = await reportOf(w.nils);
    await p.db.delete(schema.salaryLines).where(eq(schema.salaryLines.reportedHoursId, report.id));
    await p.db.delete(rh).where(eq(rh.id, report.id));
    await changed(w.fjordJob);
  });
});

describe("a batch over many jobs (approve or undo all that match the plan)", () => {
  it("holds its jobs' marks from its locks on, so two batches queue rather than deadlock (PostgreSQL)", async () => {
    await sweep();
    // One place on each of two jobs (Nils's report was deleted above: the batch still marks).
    const apps = (
      await p.db
        .select({ id: a.id })
        .from(a)
        .where(inArray(a.assigneeId, [w.nils, p.ole]))
    ).map((r) => r.id);
    const jobs = [w.fjordJob, p.jobId].sort((x, y) => x - y);
    await p.db
      .transaction(async (tx) => {
        await lockApplications({ ...sctx.admin, db: tx }, apps);
        // Marked in the batch's own transaction, before any report of it changed.
        const marked = await tx
          .select({ id: sj.jobId })
          .from(sj)
          .where(and(inArray(sj.jobId, jobs), isNotNull(sj.dirtyVersion)))
          .orderBy(sj.jobId);
        expect(marked.map((r) => r.id)).toEqual(jobs);
        if (p.handle.kind === "postgres") {
          // Another transaction finds both marks held (it would wait for them, not deadlock).
          const free = await rowsOf(
            p.db,
            sql`select job_id from statistics_jobs where job_id = any(${sql.param(jobs)}::int[]) for update skip locked`,
          );
          expect(free).toEqual([]);
        }
        tx.rollback();
      })
      .catch((e: Error) => {
        if (!/rollback/i.test(e.message)) throw e;
      });
    expect(await dirty()).toEqual([]);
  });
});
