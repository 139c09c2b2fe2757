import { describe, expect, it } from "vitest";
import { and, eq, isNull } from "drizzle-orm";
import { schema } from "@/db";
import { countingDb } from "@/lib/testing/counting-db";
import { approveApplication, disapproveApplication } from "../hours";
import { statistics } from ".";
import { staleReportIds, sweepClientPrices } from "./stored-prices";
import {
  p,
  projectionBesideRevenue,
  projectionMonth,
  RANGE,
  sctx,
  setUpStatistics,
  total,
  values,
  w,
} from "./statistics.test-support";

setUpStatistics();

/*
 * Stored client prices (issue 27) over the statistics world (statistics.test-support.ts): Ole's
 * approved 450 min on the Projection job (300 000 øre), Nils's approved 240 min on the Fjord job
 * at 50 000/h (200 000 NOK øre), Anna's 510 min reported, not approved. The world's reports are
 * inserted approved without a price, as the scale seed leaves them. The cases build on each
 * other, in order.
 */

const rh = schema.reportedHours;

async function reportOf(assigneeId: number) {
  const [row] = await p.db
    .select({ report: rh, applicationId: schema.applications.id })
    .from(rh)
    .innerJoin(schema.applications, eq(schema.applications.id, rh.applicationId))
    .where(eq(schema.applications.assigneeId, assigneeId));
  return row;
}

async function statements(fn: (ctx: typeof sctx.admin) => Promise<unknown>) {
  const counting = countingDb(p.handle);
  await fn({ ...sctx.admin, db: counting.db });
  return counting.statements();
}

describe("stored client prices", () => {
  it("the sweep stores the missing prices; statistics then add them in one statement, unchanged", async () => {
    const before = await statistics.revenue(sctx.admin, RANGE);
    expect((await reportOf(w.nils)).report.clientPrice).toBeNull();
    // Live pricing of missing prices costs more than the one statement.
    expect(await statements((ctx) => statistics.revenue(ctx, RANGE))).toBeGreaterThan(1);

    const swept = await sweepClientPrices(p.db, { batch: 1 });
    expect(swept).toEqual({ priced: 2, done: true });
    const nils = (await reportOf(w.nils)).report;
    expect(nils.clientPrice).toBe(240 * 50000);
    expect(nils.clientPriceCurrency).toBe("NOK");
    expect(await staleReportIds(p.db, [nils.id, (await reportOf(w.ole)).report.id])).toEqual([]);
    // Nothing left: the next round reads the fingerprint only.
    expect(await sweepClientPrices(p.db)).toEqual({ priced: 0, done: true });

    expect(await statistics.revenue(sctx.admin, RANGE)).toEqual(before);
    expect(values(before, "Revenue (NOK)")).toEqual([200000, 0]);
    expect(await statements((ctx) => statistics.revenue(ctx, RANGE))).toBe(1);
    expect(await statements((ctx) => statistics.clientRevenue(ctx, RANGE))).toBe(1);
    expect(await statements((ctx) => statistics.clientMargins(ctx, RANGE))).toBe(3);
  });

  it("a client contact still sees its own company's stored prices only", async () => {
    const own = await statistics.clientRevenue(sctx.colFjordStats, RANGE);
    expect(own.labels).toEqual(["Fjord AS"]);
    expect(own.series).toEqual([
      { name: "Revenue (NOK)", values: [200000], unit: "money", currency: "NOK" },
    ]);
    const rev = await statistics.revenue(sctx.colStats, RANGE);
    expect(rev.series).toEqual([
      { name: "Revenue (DKK)", values: [0, 300000], unit: "money", currency: "DKK" },
    ]);
  });

  it("a client rate changed after approval shows at once (priced live), then the sweep stores it", async () => {
    await p.db
      .update(schema.clientRates)
      .set({ standardPrice: 60000 })
      .where(and(eq(schema.clientRates.companyId, w.fjord), isNull(schema.clientRates.jobId)));
    const nils = (await reportOf(w.nils)).report;
    const ole = (await reportOf(w.ole)).report;
    // A shared input: every stored price is stale, none is used.
    expect(await staleReportIds(p.db, [nils.id, ole.id])).toEqual(
      [nils.id, ole.id].sort((a, b) => a - b),
    );
    const s = await statistics.revenue(sctx.admin, RANGE);
    expect(values(s, "Revenue (NOK)")).toEqual([240000, 0]);
    expect(values(s, "Revenue (DKK)")).toEqual([0, 300000]);

    expect(await sweepClientPrices(p.db)).toEqual({ priced: 2, done: true });
    expect((await reportOf(w.nils)).report.clientPrice).toBe(240 * 60000);
    expect(await statistics.revenue(sctx.admin, RANGE)).toEqual(s);
    expect(await statements((ctx) => statistics.revenue(ctx, RANGE))).toBe(1);
  });

  it("a job's own rate makes that job's prices stale only", async () => {
    const [card] = await p.db
      .select()
      .from(schema.clientRates)
      .where(eq(schema.clientRates.companyId, w.fjord));
    await p.db.insert(schema.clientRates).values({
      companyId: w.fjord,
      branchId: card.branchId,
      skillId: card.skillId,
      jobId: w.fjordJob,
      currencyCode: "NOK",
      standardPrice: 45000,
    });
    const nils = (await reportOf(w.nils)).report;
    const ole = (await reportOf(w.ole)).report;
    expect(await staleReportIds(p.db, [nils.id, ole.id])).toEqual([nils.id]);
    const s = await statistics.revenue(sctx.admin, RANGE);
    expect(values(s, "Revenue (NOK)")).toEqual([180000, 0]);
    expect(await sweepClientPrices(p.db)).toEqual({ priced: 1, done: true });
    expect(await statistics.revenue(sctx.admin, RANGE)).toEqual(s);
  });

  it("a calendar change (an agency holiday) makes every stored price stale", async () => {
    const nils = (await reportOf(w.nils)).report;
    const ole = (await reportOf(w.ole)).report;
    expect(await staleReportIds(p.db, [nils.id, ole.id])).toEqual([]);
    const [norway] = await p.db
      .select()
      .from(schema.countries)
      .where(eq(schema.countries.isoCode, "NO"));
    await p.db
      .insert(schema.agencyHolidays)
      .values({ countryId: norway.id, rule: "10-15", name: "Fjord day" });
    expect(await staleReportIds(p.db, [nils.id, ole.id])).toEqual(
      [nils.id, ole.id].sort((a, b) => a - b),
    );
    // Fjord's job rate has no weekend price: the holiday costs the standard price, unchanged.
    expect(values(await statistics.revenue(sctx.admin, RANGE), "Revenue (NOK)")).toEqual([
      180000, 0,
    ]);
    expect(await sweepClientPrices(p.db)).toEqual({ priced: 2, done: true });
  });

  it("corrected times forget the report's stored price", async () => {
    const { report } = await reportOf(w.nils);
    await p.db
      .update(rh)
      .set({ endsAt: new Date("2026-10-15T11:00:00Z") })
      .where(eq(rh.id, report.id));
    expect((await reportOf(w.nils)).report.clientPrice).toBeNull();
    const s = await statistics.revenue(sctx.admin, RANGE);
    expect(values(s, "Revenue (NOK)")).toEqual([(300 * 45000) / 60, 0]);
    await sweepClientPrices(p.db);
    expect((await reportOf(w.nils)).report.clientPrice).toBe(300 * 45000);
  });

  it("approving stores the price in the same transaction, agreeing with the projection; disapproving clears it", async () => {
    const anna = await reportOf(await annaId());
    const ctx = { ...sctx.admin, now: new Date("2026-11-29T12:00:00Z") };
    await approveApplication(ctx, anna.applicationId);
    const approved = (await reportOf(await annaId())).report;
    expect(approved.clientPrice).toBe(510 * 32000);
    expect(approved.clientPriceCurrency).toBe("DKK");
    expect(await staleReportIds(p.db, [approved.id])).toEqual([]);
    // The stamp does not count as a change of the report (the undo of an approval compares it).
    expect(approved.updatedAt).toEqual(ctx.now);

    const month = projectionMonth();
    const { projection, revenue } = await projectionBesideRevenue();
    expect(revenue).toBe(projection.totals.approved.revenue);
    expect(revenue).toBe(300000 + 272000);
    expect(await statements((c) => statistics.revenue(c, month))).toBe(1);

    await disapproveApplication(ctx, anna.applicationId);
    const back = (await reportOf(await annaId())).report;
    expect(back.approvedAt).toBeNull();
    expect(back.clientPrice).toBeNull();
    expect(total(await statistics.revenue(sctx.admin, month), "Revenue (DKK)")).toBe(300000);
  });
});

async function annaId() {
  const [u] = await p.db.select().from(schema.users).where(eq(schema.users.name, "Anna"));
  return u.id;
}
