import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { schema, type Db, type DbHandle } from "@/db";
import { testDatabase } from "@/lib/testing/db";
import { appErrorOf } from "@/lib/testing/app-error";
import { countingDb } from "@/lib/testing/counting-db";
import {
  createClientRate,
  getClientCurrency,
  getClientRate,
  listClientRates,
  saveClientCard,
  skillsForRates,
  updateClientRate,
} from ".";
import { ratesWorld, type RatesWorld } from "./rates-fixtures.test-support";

const now = new Date("2026-05-04T10:00:00Z");
let handle: DbHandle;
let db: Db;
let w: RatesWorld;

beforeAll(async () => {
  handle = await testDatabase();
  db = handle.db;
  w = await ratesWorld(db, now);
});
afterAll(async () => {
  await handle?.close();
});

const row = (skill_id: number, standard: number | null, extra: Record<string, unknown> = {}) => ({
  skill_id,
  standard_price: standard,
  weekend_price: null,
  night_price: null,
  night_start: null,
  night_end: null,
  rate_worker: null,
  ...extra,
});
const card = (rates: unknown[], company_id = w.companyA, branch_id = w.cph) => ({
  jsonData: { company_id, branch_id, rates },
});

describe("client rate cards", () => {
  it("saves a whole card in the branch's currency, lists it in skill order and logs it", async () => {
    const saved = await saveClientCard(
      w.pm,
      card([
        row(w.rigger, 42500, { weekend_price: 51000, rate_worker: 25000 }),
        row(w.hand, 39500, {
          night_price: 47500,
          night_start: "22:00",
          night_end: "06:00",
        }),
      ]),
    );
    expect(saved.message).toBe("Record updated successfully");
    expect(saved.currency).toMatchObject({ code: "DKK", minor_units: 2 });
    expect(saved.rates.map((r) => [r.skill_name, r.standard_price, r.currency_code])).toEqual([
      ["Stagehand", 39500, "DKK"],
      ["Rigger", 42500, "DKK"],
    ]);
    expect(saved.rates[0]).toMatchObject({
      parent_skill_name: "Stage",
      night_start: "22:00",
      night_end: "06:00",
    });
    const logs = await db
      .select()
      .from(schema.activityLog)
      .where(eq(schema.activityLog.logName, "rates"));
    expect(logs.length).toBeGreaterThan(0);
  });

  it("updates rows, removes a row sent with every price empty and keeps rows not sent", async () => {
    await saveClientCard(w.pm, card([row(w.stage, 30000)]));
    const res = await saveClientCard(w.admin, card([row(w.hand, 40000), row(w.rigger, null)]));
    expect(res.rates.map((r) => [r.skill_name, r.standard_price])).toEqual([
      ["Stage", 30000],
      ["Stagehand", 40000],
    ]);
  });

  it("filters by company, branch, parent skill and invoice", async () => {
    await saveClientCard(w.pm, card([row(w.hand, 0)], w.companyB));
    const b = await listClientRates(w.pm, { filter: { company_id: String(w.companyB) } });
    expect(b.map((r) => r.company_id)).toEqual([w.companyB]);
    const invoiced = await listClientRates(w.pm, {
      filter: { company_id: w.companyB, invoice: "1" },
    });
    expect(invoiced).toEqual([]);
    const parent = await listClientRates(w.pm, {
      filter: { company_id: w.companyA, branch_id: w.cph, parent_skill_id: w.stage },
    });
    expect(parent.map((r) => r.skill_name)).toEqual(["Stage", "Stagehand"]);
  });

  it("answers 422 per cell for bad prices, half a night window, a deleted skill and duplicates", async () => {
    const err = await appErrorOf(
      saveClientCard(
        w.pm,
        card([
          row(w.hand, -1),
          row(w.rigger, 1.5, { night_start: "22:00" }),
          row(w.stage, null, { weekend_price: 100 }),
        ]),
      ),
    );
    expect(err.status).toBe(422);
    expect(Object.keys(err.errors ?? {}).sort()).toEqual([
      "jsonData.rates.0.standard_price",
      "jsonData.rates.1.standard_price",
      "jsonData.rates.2.standard_price",
    ]);
    const half = await appErrorOf(
      saveClientCard(w.pm, card([row(w.hand, 100, { night_start: "22:00" })])),
    );
    expect(half.errors).toEqual({
      "jsonData.rates.0.night_end": ["Enter both the night start and the night end, or neither."],
    });
    // The night band is a price with its window: one without the other never prices right.
    const lone = await appErrorOf(
      saveClientCard(
        w.pm,
        card([
          row(w.hand, 100, { night_price: 150 }),
          row(w.rigger, 100, { night_start: "22:00", night_end: "06:00" }),
          row(w.stage, 100, { night_price: 150, night_start: "22:00", night_end: "22:00" }),
        ]),
      ),
    );
    expect(lone.errors).toEqual({
      "jsonData.rates.0.night_start": ["Enter the night window this night price applies in."],
      "jsonData.rates.1.night_price": ["Enter the night price for this night window."],
      "jsonData.rates.2.night_end": ["The night start and the night end cannot be the same time."],
    });
    const huge = await appErrorOf(saveClientCard(w.pm, card([row(w.hand, 10 ** 12)])));
    expect(huge.errors?.["jsonData.rates.0.standard_price"]).toEqual(["is too large"]);
    const bad = await appErrorOf(
      saveClientCard(w.pm, card([row(w.hand, 1, { night_start: "25:00", night_end: "06:00" })])),
    );
    expect(bad.errors?.["jsonData.rates.0.night_start"]).toEqual(["must be a time as HH:mm"]);
    const gone = await appErrorOf(saveClientCard(w.pm, card([row(w.gone, 100)])));
    expect(gone.errors).toEqual({
      "rates.0.skill_id": ["This skill does not exist or has been deleted."],
    });
    const twice = await appErrorOf(saveClientCard(w.pm, card([row(w.hand, 1), row(w.hand, 2)])));
    expect(twice.errors?.["jsonData.rates.1.skill_id"]).toBeDefined();
    const noBranch = await appErrorOf(
      saveClientCard(w.pm, card([row(w.hand, 1)], w.companyA, 999999)),
    );
    expect(noBranch.status).toBe(404);
    const noCompany = await appErrorOf(saveClientCard(w.pm, card([row(w.hand, 1)], 999999)));
    expect(noCompany.status).toBe(404);
    // Nothing of the refused saves was written.
    const rows = await listClientRates(w.pm, { filter: { company_id: w.companyA } });
    expect(rows.find((r) => r.skill_id === w.hand)?.standard_price).toBe(40000);
  });

  it("accepts jsonData as JSON text (older clients)", async () => {
    const res = await saveClientCard(w.pm, {
      jsonData: JSON.stringify(card([row(w.rigger, 41000)], w.companyA, w.sto).jsonData),
    });
    expect(res.rates).toMatchObject([{ skill_name: "Rigger", currency_code: "SEK" }]);
  });

  it("only staff with rate_access reads or writes cards; a client contact never", async () => {
    for (const ctx of [w.crew, w.col, w.worker]) {
      expect((await appErrorOf(listClientRates(ctx, {}))).status).toBe(403);
      expect((await appErrorOf(saveClientCard(ctx, card([row(w.hand, 1)])))).status).toBe(403);
      expect((await appErrorOf(skillsForRates(ctx, w.companyA))).status).toBe(403);
      expect(
        (await appErrorOf(getClientCurrency(ctx, { company_id: w.companyA, branch_id: w.cph })))
          .status,
      ).toBe(403);
    }
    expect(await listClientRates(w.admin, { filter: { company_id: w.companyA } })).not.toEqual([]);
  });

  it("lists with a fixed number of queries however many rows", async () => {
    const counting = countingDb(handle);
    await listClientRates({ ...w.pm, db: counting.db }, {});
    expect(counting.statements()).toBe(1);
  });
});

describe("one client rate", () => {
  it("returns one rate with its currency; 404 when missing or for a bad id", async () => {
    const r = await getClientRate(w.pm, String(w.companyA), { skill: w.hand, branch: w.cph });
    expect(r).toMatchObject({ skill_name: "Stagehand", currency: { code: "DKK" } });
    expect(
      (await appErrorOf(getClientRate(w.pm, w.companyA, { skill: w.rigger, branch: w.cph })))
        .status,
    ).toBe(404);
    expect(
      (await appErrorOf(getClientRate(w.pm, "abc", { skill: w.hand, branch: w.cph }))).status,
    ).toBe(404);
    expect((await appErrorOf(getClientRate(w.pm, w.companyA, {}))).status).toBe(422);
    expect(
      (await appErrorOf(getClientRate(w.col, w.companyA, { skill: w.hand, branch: w.cph }))).status,
    ).toBe(403);
  });

  it("POST rates/client sets one row, PUT rates/update/{id} changes it", async () => {
    const created = await createClientRate(w.pm, {
      company_id: w.companyB,
      branch_id: w.cph,
      skill_id: w.rigger,
      standard_price: 50000,
      rate_worker: 30000,
    });
    expect(created).toMatchObject({
      skill_name: "Rigger",
      standard_price: 50000,
      rate_worker: 30000,
    });
    const updated = await updateClientRate(w.admin, String(created.id), {
      standard_price: 52000,
      night_price: 60000,
      night_start: "23:00",
      night_end: "05:00",
    });
    expect(updated).toMatchObject({
      message: "Record updated successfully",
      standard_price: 52000,
      night_start: "23:00",
      rate_worker: null,
    });
    expect((await appErrorOf(updateClientRate(w.pm, created.id, {}))).status).toBe(422);
    expect(
      (await appErrorOf(updateClientRate(w.pm, 99999999999, { standard_price: 1 }))).status,
    ).toBe(404);
    expect(
      (await appErrorOf(updateClientRate(w.crew, created.id, { standard_price: 1 }))).status,
    ).toBe(403);
    expect(
      (
        await appErrorOf(
          createClientRate(w.pm, { company_id: w.companyB, branch_id: w.cph, skill_id: w.hand }),
        )
      ).status,
    ).toBe(422);
  });

  it("a job's own row is not a card row: neither listed nor editable here", async () => {
    const [job] = await db
      .insert(schema.jobs)
      .values({ name: "Rates job", companyId: w.companyA, countryId: w.countryId })
      .returning();
    const [jr] = await db
      .insert(schema.clientRates)
      .values({
        companyId: w.companyA,
        branchId: w.cph,
        skillId: w.hand,
        jobId: job.id,
        currencyCode: "DKK",
        standardPrice: 1,
      })
      .returning();
    expect((await appErrorOf(updateClientRate(w.pm, jr.id, { standard_price: 2 }))).status).toBe(
      404,
    );
    const rows = await listClientRates(w.pm, {
      filter: { company_id: w.companyA, branch_id: w.cph },
    });
    expect(rows.some((r) => r.id === jr.id)).toBe(false);
    await db.delete(schema.clientRates).where(and(eq(schema.clientRates.id, jr.id)));
  });
});

describe("skills for rates and the card's currency", () => {
  it("lists live skills, parents before their sub-skills, marking those with a rate", async () => {
    const skills = await skillsForRates(w.pm, String(w.companyA), { branch_id: w.cph });
    const ours = skills.filter((s) => [w.stage, w.hand, w.rigger, w.gone].includes(s.id));
    expect(ours.map((s) => [s.name, s.parent_name, s.has_rate])).toEqual([
      ["Stage", null, true],
      ["Stagehand", "Stage", true],
      ["Rigger", "Stage", false],
    ]);
    expect((await appErrorOf(skillsForRates(w.pm, "0"))).status).toBe(404);
  });

  it("answers the branch country's currency", async () => {
    expect(
      await getClientCurrency(w.pm, { company_id: w.companyA, branch_id: w.sto }),
    ).toMatchObject({
      code: "SEK",
      name: "Swedish Krona",
      minor_units: 2,
    });
    expect((await appErrorOf(getClientCurrency(w.pm, { company_id: w.companyA }))).status).toBe(
      422,
    );
    expect(
      (await appErrorOf(getClientCurrency(w.pm, { company_id: w.companyA, branch_id: 9999 })))
        .status,
    ).toBe(404);
  });
});
