/**
 * The statistics suites' world: the job projection's world (projection.test-support.ts: the
 * "Projection job" of Projection Co, DKK, in November 2026) plus a Norwegian client in NOK in
 * October 2026, salary lines and users dated by hand. All figures below are computed by hand.
 *
 * Projection Co (DKK, Copenhagen = its default branch), November 2026:
 *   Projection job (first shift Fri 27/11): Ole approved 450 min (Rigger 40000/h → revenue
 *     300 000), Anna reported 510 min, not approved; Bo and Kim booked on Sat 28/11.
 *     Additional costs 30 000. Salary line of Ole's report: 195 008 (draft), work date 27/11.
 *   Bare job (first shift Mon 30/11): Kim booked, no hours.
 * Fjord AS (NOK, Oslo = its default branch), October 2026:
 *   Fjord job: Thu 15/10 08:00–12:00 Oslo (CEST), Runner ×1, Nils approved 240 min at the card's
 *     50000/h → revenue 200 000; additional costs 10 000; salary line 80 000 (paid), 15/10.
 *   Fjord cancelled job (Tue 20/10), no slots.
 * Range 2026-10-01 … 2026-11-30 (monthly labels 2026-10, 2026-11):
 *   revenue     DKK [0, 300 000]   NOK [200 000, 0]
 *   margins     Projection Co DKK: 300 000 − (195 008 + 30 000) = 74 992 (the projection's
 *               approved margin); Fjord AS NOK: 200 000 − (80 000 + 10 000) = 110 000
 *   jobs        Jobs [1, 2], Cancelled [1, 0]
 *   hours       Approved [4, 7.5], Pending [0, 8.5]
 * Users: Nils (worker) and Frida (Fjord's contact) created on 05/10/2026.
 */
import { beforeAll } from "vitest";
import { eq, inArray } from "drizzle-orm";
import { schema } from "@/db";
import { ROLE, type Permission } from "@/lib/domain/permissions";
import { createUser, ctxFor } from "@/lib/testing/fixtures";
import { applyOn, ensureRole, giveRole, insertJob } from "@/lib/testing/jobs-fixtures";
import type { Ctx } from "../context";
import { jobProjection } from "../jobs/projection";
import * as p from "../jobs/projection.test-support";
import { statistics, type Statistics } from ".";

export { p };

export const RANGE = { start: "2026-10-01", end: "2026-11-30" };
export const w = {} as {
  projectionCo: number;
  fjord: number;
  oslo: number;
  copenhagen: number;
  fjordJob: number;
  nils: number;
  ole: number;
  kim: number;
  frida: number;
};
export const sctx = {} as Record<
  | "admin"
  | "pm"
  | "crew"
  | "col"
  | "worker"
  | "colStats"
  | "colFjordStats"
  | "workerStats"
  | "pmEarnings",
  Ctx
>;

const at = (iso: string) => new Date(iso);

export function setUpStatistics() {
  p.setUpProjection();
  beforeAll(async () => {
    const db = p.db;
    const [job] = await db.select().from(schema.jobs).where(eq(schema.jobs.id, p.jobId));
    w.projectionCo = job.companyId;
    const [company] = await db
      .select()
      .from(schema.companies)
      .where(eq(schema.companies.id, job.companyId));
    w.copenhagen = company.defaultBranchId!;
    w.ole = p.ole;
    w.kim = p.kim;

    // The salary run's line for Ole's approved report (what the projection's approved cost is).
    const [oleReport] = await db
      .select({ id: schema.reportedHours.id, startsAt: schema.reportedHours.startsAt })
      .from(schema.reportedHours)
      .innerJoin(
        schema.applications,
        eq(schema.applications.id, schema.reportedHours.applicationId),
      )
      .where(eq(schema.applications.assigneeId, p.ole));
    const [rigger] = await db.select().from(schema.skills).where(eq(schema.skills.name, "Rigger"));
    await db.insert(schema.salaryLines).values({
      reportedHoursId: oleReport.id,
      userId: p.ole,
      jobId: p.jobId,
      skillId: rigger.id,
      branchId: w.copenhagen,
      workDate: "2026-11-27",
      startsAt: oleReport.startsAt,
      endsAt: at("2026-11-27T14:30:00Z"),
      currencyCode: "DKK",
      standardMinutes: 450,
      standardRate: 26001,
      rateSource: "custom",
      amount: 195008,
    });

    // Norway, NOK.
    await db
      .insert(schema.currencies)
      .values({ code: "NOK", name: "Norwegian krone", symbol: "kr" })
      .onConflictDoNothing();
    const [norway] = await db
      .insert(schema.countries)
      .values({ name: "Norway", isoCode: "NO", currencyCode: "NOK", timeZone: "Europe/Oslo" })
      .returning();
    const [oslo] = await db
      .insert(schema.branches)
      .values({ name: "Oslo (statistics)", countryId: norway.id })
      .returning();
    w.oslo = oslo.id;
    const [fjord] = await db
      .insert(schema.companies)
      .values({ name: "Fjord AS", countryId: norway.id, defaultBranchId: oslo.id })
      .returning();
    w.fjord = fjord.id;
    await db.insert(schema.clientRates).values({
      companyId: fjord.id,
      branchId: oslo.id,
      skillId: p.runner,
      currencyCode: "NOK",
      standardPrice: 50000,
    });
    w.nils = (await createUser(db, { roles: [ROLE.worker], name: "Nils" })).id;
    w.frida = (
      await createUser(db, { roles: [ROLE.client], name: "Frida", companyId: fjord.id })
    ).id;
    await db
      .update(schema.users)
      .set({ createdAt: at("2026-10-05T10:00:00Z") })
      .where(inArray(schema.users.id, [w.nils, w.frida]));

    const fjordJob = await insertJob(db, {
      workerRates: false,
      name: "Fjord job",
      companyId: fjord.id,
      countryId: norway.id,
      shifts: [
        {
          startsAt: at("2026-10-15T06:00:00Z"),
          endsAt: at("2026-10-15T10:00:00Z"),
          slots: [{ skillId: p.runner, positions: 1 }],
        },
      ],
    });
    w.fjordJob = fjordJob.id;
    const nilsApp = await applyOn(db, fjordJob.shifts[0].slots[0].id, w.nils, "Approved");
    const [nilsReport] = await db
      .insert(schema.reportedHours)
      .values({
        applicationId: nilsApp,
        shiftSlotId: fjordJob.shifts[0].slots[0].id,
        startsAt: at("2026-10-15T06:00:00Z"),
        endsAt: at("2026-10-15T10:00:00Z"),
        approvedAt: at("2026-10-16T10:00:00Z"),
      })
      .returning();
    await db.insert(schema.salaryLines).values({
      reportedHoursId: nilsReport.id,
      userId: w.nils,
      jobId: fjordJob.id,
      skillId: p.runner,
      branchId: oslo.id,
      workDate: "2026-10-15",
      startsAt: nilsReport.startsAt,
      endsAt: nilsReport.endsAt,
      currencyCode: "NOK",
      standardMinutes: 240,
      standardRate: 20000,
      rateSource: "card",
      amount: 80000,
      status: "paid",
      paidAt: at("2026-10-31T10:00:00Z"),
    });
    await db.insert(schema.additionalCosts).values({
      jobId: fjordJob.id,
      category: "equipment",
      quantity: 1,
      unitAmount: 10000,
      currencyCode: "NOK",
    });
    await insertJob(db, {
      workerRates: false,
      name: "Fjord cancelled job",
      companyId: fjord.id,
      countryId: norway.id,
      status: "Cancelled",
      shifts: [
        { startsAt: at("2026-10-20T06:00:00Z"), endsAt: at("2026-10-20T10:00:00Z"), slots: [] },
      ],
    });

    const now = p.now;
    const withRole = async (
      title: string,
      role: (typeof ROLE)[keyof typeof ROLE],
      perms: Permission[],
      companyId?: number,
    ) => {
      const id = (await createUser(db, { roles: [role], companyId })).id;
      await giveRole(db, id, await ensureRole(db, title, perms));
      return ctxFor(db, id, { now });
    };
    const all: Permission[] = ["can_view_statistics", "can_view_earning_statistics"];
    sctx.admin = p.ctxs.admin;
    sctx.pm = p.ctxs.pm;
    sctx.crew = p.ctxs.crew;
    sctx.col = p.ctxs.col;
    sctx.worker = p.ctxs.worker;
    sctx.colStats = await withRole("Client statistics (test)", ROLE.client, all, w.projectionCo);
    sctx.colFjordStats = await withRole("Client statistics (test)", ROLE.client, all, w.fjord);
    sctx.workerStats = await withRole("Worker statistics (test)", ROLE.worker, all);
    sctx.pmEarnings = await withRole("PM earnings (test)", ROLE.projectManager, [
      "can_view_earning_statistics",
    ]);
  });
}

/** The values of the series called `name`. */
export const values = (s: Statistics, name: string) =>
  s.series.find((x) => x.name === name)?.values;

/** The series called `name`, added up over its labels. */
export const total = (s: Statistics, name: string) => values(s, name)!.reduce((a, b) => a + b, 0);

/** November 2026 for Projection Co alone: the month and client the job projection covers. */
export const projectionMonth = () => ({
  start: "2026-11-01",
  end: "2026-11-30",
  filter: { company_id: w.projectionCo },
});

/**
 * The Projection job's projection beside the statistics' revenue of its month (DKK, added up):
 * the suites compare the two, as the approved stage of one must be the revenue of the other.
 */
export async function projectionBesideRevenue(ctx: Ctx = sctx.admin) {
  const projection = await jobProjection(ctx, p.jobId);
  const revenue = total(await statistics.revenue(ctx, projectionMonth()), "Revenue (DKK)");
  return { projection, revenue };
}
