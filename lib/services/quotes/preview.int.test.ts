import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { schema, type DbHandle } from "@/db";
import { testDatabase } from "@/lib/testing/db";
import { createUser, ctxFor } from "@/lib/testing/fixtures";
import { appErrorOf } from "@/lib/testing/app-error";
import { rowCounts } from "@/lib/testing/row-counts";
import { createJobWorld, ensureRole, type JobWorld } from "@/lib/testing/jobs-fixtures";
import { makeCtx } from "../context";
import { previewQuote } from "./preview";
import { saveQuote } from "./write";

// Wednesday 10 March 2027, 10:00 in Copenhagen.
const t0 = new Date("2027-03-10T09:00:00Z");
let handle: DbHandle;
let w: JobWorld;
let branch: number;
let noEditor: number;

beforeAll(async () => {
  handle = await testDatabase();
  w = await createJobWorld(handle.db);
  await handle.db
    .update(schema.countries)
    .set({ vatBasisPoints: 2500 })
    .where(eq(schema.countries.id, w.countryId));
  [{ id: branch }] = await handle.db
    .insert(schema.branches)
    .values({ name: "Copenhagen", countryId: w.countryId })
    .returning({ id: schema.branches.id });
  // Company A's card at Copenhagen: Stagehand 300.00/h, weekend 450.00, night 400.00 22–06.
  await handle.db.insert(schema.clientRates).values({
    companyId: w.companyA,
    branchId: branch,
    skillId: w.skill,
    currencyCode: "DKK",
    standardPrice: 30000,
    weekendPrice: 45000,
    nightPrice: 40000,
    nightStart: "22:00",
    nightEnd: "06:00",
    rateWorker: 18000,
  });
  const role = await ensureRole(handle.db, "Office without job_edit", [
    "dashboard_access",
    "job_view",
  ]);
  noEditor = (await createUser(handle.db, { name: "Nora NoEdit" })).id;
  await handle.db.insert(schema.userRoles).values({ userId: noEditor, roleId: role });
});
afterAll(async () => handle.close());

const ctxOf = (userId: number) => ctxFor(handle.db, userId, { now: t0 });

/** What the form sends while being filled in: no name and no validity date yet. */
const form = (over: Record<string, unknown> = {}) => ({
  name: "",
  company_id: w.companyA,
  branch_id: branch,
  valid_until: "",
  discount_kind: "percent",
  discount_value: 1000,
  lines: [
    {
      date: "2027-03-15",
      start: "08:00",
      end: "16:00",
      skill_id: w.skill,
      positions: 2,
      break_minutes: 30,
    },
    { date: "2027-03-15", start: "20:00", end: "04:00", skill_id: w.skill, positions: 1 },
    { date: "2027-03-16", start: "10:00", end: "14:00", skill_id: w.skill2, positions: 3 },
  ],
  costs: [{ category: "travel", description: "Van", quantity: 2, unit_amount: 25000 }],
  ...over,
});

/** Refused: the error, and not one row changed anywhere. */
async function refused(call: () => Promise<unknown>) {
  const before = await rowCounts(handle.db);
  const err = await appErrorOf(call());
  expect(await rowCounts(handle.db)).toEqual(before);
  return err;
}

describe("previewQuote (the quote form's live total)", () => {
  it("prices the lines as a save would, band split and totals, and writes nothing", async () => {
    const before = await rowCounts(handle.db);
    const p = await previewQuote(await ctxOf(w.pm), form());
    expect(await rowCounts(handle.db)).toEqual(before);
    expect(p.currency).toBe("DKK");
    expect(p.vat_basis_points).toBe(2500);
    expect(p.lines.map((l) => [l.index, l.overnight, l.split, l.amount, l.missing])).toEqual([
      [0, false, "7 h 30 min standard", 450000, false],
      [1, true, "2 h standard, 6 h night", 300000, false],
      [2, false, "4 h standard", 0, true],
    ]);
    expect(p.lines[1].minutes).toEqual({ standard: 120, weekend: 0, night: 360 });
    // 750000 lines + 50000 costs = 800000; −10 % = 720000; VAT 25 % = 180000.
    expect(p.totals).toEqual({
      lines: 750000,
      costs: 50000,
      subtotal: 800000,
      discount: 80000,
      vat: 180000,
      total: 900000,
    });
    expect(p.missing).toEqual([
      expect.objectContaining({
        skill_id: w.skill2,
        skill_name: "Rigger",
        message:
          "Company A has no client price for Rigger at Copenhagen, so its hours on this quote are billed at nothing.",
      }),
    ]);
  });

  it("gives the same totals and split as the saved quote", async () => {
    const pm = await ctxOf(w.pm);
    const input = form({ name: "Gala", valid_until: "2027-03-31" });
    const p = await previewQuote(pm, input);
    const saved = await saveQuote(pm, input);
    expect(p.totals).toEqual(saved.totals);
    expect(p.lines.map((l) => [l.split, l.amount])).toEqual(
      saved.lines.map((l) => [l.split, l.amount]),
    );
  });

  it("lets an administrator preview", async () => {
    const p = await previewQuote(await ctxOf(w.admin), form());
    expect(p.totals.total).toBe(900000);
  });

  it.each([
    ["a worker", () => w.worker],
    ["a client contact", () => w.colA],
    ["a client contact holding job_edit", () => w.colEditorA],
    ["an office user without job_edit", () => noEditor],
  ])("refuses %s with 403 and writes nothing", async (_who, id) => {
    const err = await refused(async () => previewQuote(await ctxOf(id()), form()));
    expect(err.status).toBe(403);
  });

  it("refuses a signed-out caller with 401", async () => {
    const err = await refused(() => previewQuote(makeCtx(handle.db, null, { now: t0 }), form()));
    expect(err.status).toBe(401);
  });

  it("answers 422 on bad input, naming the field, and writes nothing", async () => {
    const pm = await ctxOf(w.pm);
    const noLines = await refused(() => previewQuote(pm, form({ lines: [] })));
    expect(noLines.status).toBe(422);
    expect(noLines.message).toBe("A quote needs at least one line of work.");

    const badTime = await refused(() =>
      previewQuote(
        pm,
        form({ lines: [{ date: "2027-03-15", start: "25:00", end: "04:00", skill_id: w.skill }] }),
      ),
    );
    expect(badTime.status).toBe(422);
    expect(badTime.errors).toHaveProperty(["lines.0.start"]);

    const unknownSkill = await refused(() =>
      previewQuote(
        pm,
        form({ lines: [{ date: "2027-03-15", start: "08:00", end: "12:00", skill_id: 999999 }] }),
      ),
    );
    expect(unknownSkill.status).toBe(422);
    expect(unknownSkill.errors).toHaveProperty(["lines.0.skill_id"]);

    const unknownBranch = await refused(() => previewQuote(pm, form({ branch_id: 999999 })));
    expect(unknownBranch.status).toBe(422);
    expect(unknownBranch.errors).toHaveProperty(["branch_id"]);

    const past = await refused(() => previewQuote(pm, form({ valid_until: "2027-03-01" })));
    expect(past.status).toBe(422);
    expect(past.message).toBe("The validity date cannot be before today.");

    const notAnObject = await refused(() => previewQuote(pm, "lines"));
    expect(notAnObject.status).toBe(422);
  });
});
