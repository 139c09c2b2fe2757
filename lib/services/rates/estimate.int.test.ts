import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { schema, type Db, type DbHandle } from "@/db";
import { testDatabase } from "@/lib/testing/db";
import { appErrorOf } from "@/lib/testing/app-error";
import { estimateCosts } from ".";
import { ratesWorld, type RatesWorld } from "./rates-fixtures.test-support";

const now = new Date("2026-05-01T10:00:00Z");
let handle: DbHandle;
let db: Db;
let w: RatesWorld;
let usher: number;
let driver: number;
let odd: number;

beforeAll(async () => {
  handle = await testDatabase();
  db = handle.db;
  w = await ratesWorld(db, now);
  const made = await db
    .insert(schema.skills)
    .values([
      { name: "Usher", order: 3 },
      { name: "Driver", order: 4 },
      { name: "Odd", order: 5 },
    ])
    .returning();
  [usher, driver, odd] = made.map((s) => s.id);
  const card = { companyId: w.companyA, branchId: w.cph, currencyCode: "DKK" };
  await db.insert(schema.clientRates).values([
    {
      ...card,
      skillId: w.hand,
      standardPrice: 40000,
      nightPrice: 48000,
      nightStart: "22:00",
      nightEnd: "06:00",
      rateWorker: 20123,
    },
    { ...card, skillId: usher, standardPrice: 20000, weekendPrice: 30000, rateWorker: 12000 },
    { ...card, skillId: odd, standardPrice: 10001 },
    // Company B's card at Stockholm: a different branch and currency.
    {
      companyId: w.companyB,
      branchId: w.sto,
      currencyCode: "SEK",
      skillId: w.hand,
      standardPrice: 30000,
    },
  ]);
  // Company A prices at Copenhagen by default.
  await db
    .update(schema.companies)
    .set({ defaultBranchId: w.cph })
    .where(eq(schema.companies.id, w.companyA));
});
afterAll(async () => {
  await handle?.close();
});

const dayShift = (slots: { skill_id: number; qty: number }[], date = "04/05/2026") => ({
  startDate: date,
  start: "08:00",
  endHour: "16:00",
  slots,
});

describe("estimateCosts", () => {
  it("prices a day shift per position and × positions, with the split and the currency", async () => {
    const e = await estimateCosts(w.pm, {
      company_id: w.companyA,
      branch_id: w.cph,
      shifts: [dayShift([{ skill_id: w.hand, qty: 2 }])],
    });
    expect(e.currency.code).toBe("DKK");
    expect(e.time_zone).toBe("Europe/Copenhagen");
    expect(e.shifts).toHaveLength(1);
    const [line] = e.shifts[0].lines;
    expect(line).toMatchObject({
      skill_name: "Stagehand",
      positions: 2,
      split: "8 h standard",
      minutes: { standard: 480, weekend: 0, night: 0 },
      price_per_position: 320000,
      total: 640000,
      missing: false,
    });
    expect(e.shifts[0].start).toBe("2026-05-04T08:00:00+02:00");
    expect(e.shifts[0].total).toBe(640000);
    expect(e.total).toBe(640000);
    expect(e.missing).toEqual([]);
  });

  it("moves an overnight end to the next day and prices its night band", async () => {
    const e = await estimateCosts(w.pm, {
      company_id: w.companyA,
      branch_id: w.cph,
      shifts: [
        dayShift([{ skill_id: w.hand, qty: 1 }]),
        {
          startDate: "04/05/2026",
          start: "20:00",
          endHour: "04:00",
          slots: [{ skill_id: w.hand, qty: 1 }],
        },
      ],
    });
    const night = e.shifts[1];
    expect(night.end).toBe("2026-05-05T04:00:00+02:00");
    expect(night.duration).toBe("8 h");
    expect(night.lines[0].split).toBe("2 h standard, 6 h night");
    // 2 h × 400.00 + 6 h × 480.00
    expect(night.total).toBe(2 * 40000 + 6 * 48000);
    expect(e.total).toBe(320000 + 368000);
  });

  it("takes instants as well as the form's clock times, to the same figures", async () => {
    const e = await estimateCosts(w.pm, {
      company_id: w.companyA,
      branch_id: w.cph,
      shifts: [
        {
          start: "2026-05-04T20:00:00+02:00",
          end: "2026-05-05T04:00:00+02:00",
          slots: [{ skill_id: w.hand, positions: 1 }],
        },
      ],
    });
    expect(e.total).toBe(368000);
  });

  it("prices a Danish public holiday as weekend", async () => {
    const e = await estimateCosts(w.pm, {
      company_id: w.companyA,
      shifts: [
        {
          startDate: "13/05/2026",
          start: "10:00",
          endHour: "14:00",
          slots: [{ skill_id: usher, qty: 1 }],
        },
        // Kristi Himmelfartsdag, a Thursday.
        {
          startDate: "14/05/2026",
          start: "10:00",
          endHour: "14:00",
          slots: [{ skill_id: usher, qty: 1 }],
        },
      ],
    });
    expect(e.branch_id).toBe(w.cph);
    expect(e.shifts[0].lines[0]).toMatchObject({ split: "4 h standard", total: 80000 });
    expect(e.shifts[1].lines[0]).toMatchObject({ split: "4 h weekend", total: 120000 });
  });

  it("lists a skill without a client rate as missing, and prices the rest", async () => {
    const e = await estimateCosts(w.pm, {
      company_id: w.companyA,
      branch_id: w.cph,
      shifts: [
        dayShift([
          { skill_id: w.hand, qty: 1 },
          { skill_id: driver, qty: 3 },
        ]),
      ],
    });
    expect(e.missing).toEqual([
      { skill_id: driver, skill_name: "Driver", message: "No client rate for Driver" },
    ]);
    expect(e.shifts[0].lines[1]).toMatchObject({
      skill_name: "Driver",
      missing: true,
      price_per_position: null,
      total: null,
      split: "8 h standard",
    });
    expect(e.total).toBe(320000);
  });

  it("rounds each line once and the totals once from the exact sum", async () => {
    // 100.01 an hour for 30 minutes = 50.005 → 50.01 per shift; two shifts = 100.01, not 100.02.
    const half = (date: string) => ({
      startDate: date,
      start: "10:00",
      endHour: "10:30",
      slots: [{ skill_id: odd, qty: 1 }],
    });
    const e = await estimateCosts(w.pm, {
      company_id: w.companyA,
      shifts: [half("04/05/2026"), half("05/05/2026")],
    });
    expect(e.shifts.map((s) => s.total)).toEqual([5001, 5001]);
    expect(e.total).toBe(10001);
    const three = await estimateCosts(w.pm, {
      company_id: w.companyA,
      shifts: [{ ...half("04/05/2026"), slots: [{ skill_id: odd, qty: 3 }] }],
    });
    // 3 × 50.005 = 150.015 → 150.02 (the rounded price × 3 would be 150.03).
    expect(three.shifts[0].lines[0]).toMatchObject({ price_per_position: 5001, total: 15002 });
  });

  it("uses the branch sent: another company's card in its own currency", async () => {
    const e = await estimateCosts(w.admin, {
      company_id: w.companyB,
      branch_id: w.sto,
      shifts: [dayShift([{ skill_id: w.hand, qty: 1 }])],
    });
    expect(e.currency.code).toBe("SEK");
    expect(e.total).toBe(8 * 30000);
  });

  it("a company without a default branch takes the lowest of book_from_branches, else 422", async () => {
    const e = await estimateCosts(w.pm, {
      company_id: w.companyB,
      book_from_branches: [w.sto],
      shifts: [dayShift([{ skill_id: w.hand, qty: 1 }])],
    });
    expect(e.branch_id).toBe(w.sto);
    const err = await appErrorOf(
      estimateCosts(w.pm, {
        company_id: w.companyB,
        shifts: [dayShift([{ skill_id: w.hand, qty: 1 }])],
      }),
    );
    expect(err.status).toBe(422);
    expect(err.errors).toHaveProperty("branch_id");
  });

  it("passes over an archived default branch as a saved job's pricing does", async () => {
    await db
      .update(schema.companies)
      .set({ defaultBranchId: w.cph })
      .where(eq(schema.companies.id, w.companyB));
    await db.update(schema.branches).set({ deletedAt: now }).where(eq(schema.branches.id, w.cph));
    try {
      const e = await estimateCosts(w.pm, {
        company_id: w.companyB,
        book_from_branches: [w.sto],
        shifts: [dayShift([{ skill_id: w.hand, qty: 1 }])],
      });
      expect(e.branch_id).toBe(w.sto);
      expect(e.currency.code).toBe("SEK");
    } finally {
      await db
        .update(schema.branches)
        .set({ deletedAt: null })
        .where(eq(schema.branches.id, w.cph));
      await db
        .update(schema.companies)
        .set({ defaultBranchId: null })
        .where(eq(schema.companies.id, w.companyB));
    }
  });

  it("with job_id, the job's own client rate wins over the card; another company's job is 422", async () => {
    const [job] = await db
      .insert(schema.jobs)
      .values({ name: "Estimated job", companyId: w.companyA, countryId: w.countryId })
      .returning();
    await db.insert(schema.clientRates).values({
      companyId: w.companyA,
      branchId: w.cph,
      currencyCode: "DKK",
      skillId: w.hand,
      standardPrice: 50000,
      jobId: job.id,
    });
    const input = {
      company_id: w.companyA,
      job_id: job.id,
      shifts: [dayShift([{ skill_id: w.hand, qty: 1 }])],
    };
    expect((await estimateCosts(w.pm, input)).total).toBe(8 * 50000);
    const err = await appErrorOf(
      estimateCosts(w.admin, { ...input, company_id: w.companyB, branch_id: w.sto }),
    );
    expect(err.status).toBe(422);
    expect(err.errors).toHaveProperty("job_id");
  });

  describe("roles and scope", () => {
    const body = () => ({
      company_id: w.companyA,
      branch_id: w.cph,
      shifts: [dayShift([{ skill_id: w.hand, qty: 1 }])],
    });

    it("admin and PM estimate", async () => {
      expect((await estimateCosts(w.admin, body())).total).toBe(320000);
      expect((await estimateCosts(w.pm, body())).total).toBe(320000);
    });

    it("a client contact sees its own company's client price but never the worker pay", async () => {
      const e = await estimateCosts(w.col, body());
      expect(e.total).toBe(320000);
      const text = JSON.stringify(e);
      expect(text).not.toMatch(/rate_?worker/i);
      expect(text).not.toContain("20123"); // the Stagehand rate_worker
    });

    it("a client contact may not estimate for another company", async () => {
      const err = await appErrorOf(estimateCosts(w.col, { ...body(), company_id: w.companyB }));
      expect(err.status).toBe(403);
    });

    it("a crew handler and a worker get 403", async () => {
      expect((await appErrorOf(estimateCosts(w.crew, body()))).status).toBe(403);
      expect((await appErrorOf(estimateCosts(w.worker, body()))).status).toBe(403);
    });
  });

  describe("bad input", () => {
    const shifts = [dayShift([{ skill_id: w?.hand ?? 1, qty: 1 }])];
    const cases: [string, () => unknown, string][] = [
      ["no body", () => undefined, "company_id"],
      ["no shifts", () => ({ company_id: w.companyA, shifts: [] }), "shifts"],
      ["shifts not a list", () => ({ company_id: w.companyA, shifts: "x" }), "shifts"],
      ["company id text", () => ({ company_id: "abc", shifts }), "company_id"],
      [
        "a bad date",
        () => ({ company_id: w.companyA, shifts: [{ ...dayShift([]), startDate: "31/02/2026" }] }),
        "shifts.0.startDate",
      ],
      [
        "a bad time",
        () => ({ company_id: w.companyA, shifts: [{ ...dayShift([]), start: "25:00" }] }),
        "shifts.0.start",
      ],
      [
        "an instant end before its start",
        () => ({
          company_id: w.companyA,
          shifts: [
            { start: "2026-05-04T10:00:00+02:00", end: "2026-05-04T09:00:00+02:00", slots: [] },
          ],
        }),
        "shifts.0.end",
      ],
      [
        "a shift longer than 24 hours",
        () => ({
          company_id: w.companyA,
          shifts: [
            { start: "2026-05-04T10:00:00+02:00", end: "2026-05-05T10:01:00+02:00", slots: [] },
          ],
        }),
        "shifts.0.end",
      ],
      [
        "no positions",
        () => ({ company_id: w.companyA, shifts: [dayShift([{ skill_id: w.hand, qty: 0 }])] }),
        "shifts.0.slots.0.positions",
      ],
      [
        "a skill twice",
        () => ({
          company_id: w.companyA,
          shifts: [
            dayShift([
              { skill_id: w.hand, qty: 1 },
              { skill_id: w.hand, qty: 2 },
            ]),
          ],
        }),
        "shifts.0.slots",
      ],
      [
        "a deleted skill",
        () => ({ company_id: w.companyA, shifts: [dayShift([{ skill_id: w.gone, qty: 1 }])] }),
        "shifts.0.slots.0.skill_id",
      ],
      [
        "an unknown country",
        () => ({
          company_id: w.companyA,
          country_id: 99999999,
          shifts: [dayShift([{ skill_id: w.hand, qty: 1 }])],
        }),
        "country_id",
      ],
    ];
    it.each(cases)("%s → 422 on the field", async (_name, input, field) => {
      const err = await appErrorOf(estimateCosts(w.pm, input()));
      expect(err.status).toBe(422);
      expect(err.errors).toHaveProperty([field]);
    });

    it("an unknown company or branch is a 404", async () => {
      const shift = [dayShift([{ skill_id: w.hand, qty: 1 }])];
      expect(
        (await appErrorOf(estimateCosts(w.pm, { company_id: 99999999, shifts: shift }))).status,
      ).toBe(404);
      expect(
        (
          await appErrorOf(
            estimateCosts(w.pm, { company_id: w.companyA, branch_id: 99999999, shifts: shift }),
          )
        ).status,
      ).toBe(404);
    });
  });
});
