import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, isNull } from "drizzle-orm";
import { schema, setDatabaseForTests, type Db, type DbHandle } from "@/db";
import { testDatabase } from "@/lib/testing/db";
import { appErrorOf } from "@/lib/testing/app-error";
import { issueApiToken } from "@/lib/services/auth/tokens";
import { callRoute } from "@/lib/testing/route-request";
import * as ratesRoute from "@/app/api/v2/rates/route";
import { createClientRate, saveClientCard, updateClientRate } from ".";
import { ratesWorld, type RatesWorld } from "./rates-fixtures.test-support";

/**
 * A rate card that loses money (issue 23): standard 300, weekend 200, worker pay 350 saved
 * silently. Saving now asks once (410 rate_loses_money, each row and cell named), writes nothing
 * until repeated with save_anyway, and does not ask again about a loss already saved.
 */
const now = new Date("2026-05-04T10:00:00Z");
let handle: DbHandle;
let db: Db;
let w: RatesWorld;

beforeAll(async () => {
  handle = await testDatabase();
  setDatabaseForTests(handle);
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
const card = (rates: unknown[], company_id = w.companyB, branch_id = w.cph) => ({
  jsonData: { company_id, branch_id, rates },
});

const cardRows = (company = w.companyB, branch = w.cph) =>
  db
    .select()
    .from(schema.clientRates)
    .where(
      and(
        eq(schema.clientRates.companyId, company),
        eq(schema.clientRates.branchId, branch),
        isNull(schema.clientRates.jobId),
      ),
    );
const rateLogs = async () =>
  (await db.select().from(schema.activityLog).where(eq(schema.activityLog.logName, "rates")))
    .length;

const LOSING = row(0, 30000, { weekend_price: 20000, rate_worker: 35000 });

describe("saving a client rate card that loses money", () => {
  it("asks once, naming the skill and each problem; nothing is written; save_anyway saves", async () => {
    const logs = await rateLogs();
    const err = await appErrorOf(
      saveClientCard(w.pm, card([{ ...LOSING, skill_id: w.hand }, row(w.rigger, 40000)])),
    );
    expect([err.status, err.type]).toEqual([410, "rate_loses_money"]);
    expect(err.message).toBe(
      "This rate loses money. Stagehand: The worker pay (350.00) is above the standard price (300.00) and the weekend and holiday price (200.00). The weekend and holiday price (200.00) is below the standard price (300.00). Save anyway?",
    );
    expect(err.details).toEqual({
      rates: [
        {
          skill_id: w.hand,
          skill_name: "Stagehand",
          losses: [
            { field: "rate_worker", message: expect.stringMatching(/^The worker pay/) },
            { field: "weekend_price", message: expect.stringMatching(/^The weekend/) },
          ],
        },
      ],
    });
    expect(await cardRows()).toEqual([]);
    expect(await rateLogs()).toBe(logs);

    const saved = await saveClientCard(w.pm, {
      ...card([{ ...LOSING, skill_id: w.hand }, row(w.rigger, 40000)]),
      save_anyway: true,
    });
    expect(saved.message).toBe("Record updated successfully");
    expect((await cardRows()).map((r) => [r.skillId, r.standardPrice, r.weekendPrice])).toEqual(
      expect.arrayContaining([
        [w.hand, 30000, 20000],
        [w.rigger, 40000, null],
      ]),
    );
    expect(await rateLogs()).toBe(logs + 1);
  });

  it("does not ask again about a loss already saved when another row changes; asks when it changes", async () => {
    // The Stagehand loss saved above stays as it is; Rigger changes soundly.
    const res = await saveClientCard(
      w.pm,
      card([
        { ...LOSING, skill_id: w.hand },
        row(w.rigger, 41000, { night_price: 45000, night_start: "22:00", night_end: "06:00" }),
      ]),
    );
    expect(res.rates.find((r) => r.skill_id === w.rigger)?.standard_price).toBe(41000);
    // Changing the losing row asks again, and a night price below standard is named.
    const err = await appErrorOf(
      saveClientCard(
        w.pm,
        card([
          { ...LOSING, skill_id: w.hand, weekend_price: 21000 },
          row(w.rigger, 41000, { night_price: 40000, night_start: "22:00", night_end: "06:00" }),
        ]),
      ),
    );
    expect(err.type).toBe("rate_loses_money");
    expect(err.message).toMatch(
      /^2 rates lose money\. Stagehand: .* Rigger: The night price \(400\.00\) is below the standard price \(410\.00\)\. Save anyway\?$/,
    );
    const stored = await cardRows();
    expect(stored.find((r) => r.skillId === w.hand)?.weekendPrice).toBe(20000);
    expect(stored.find((r) => r.skillId === w.rigger)?.nightPrice).toBe(45000);
  });

  it("a sound card saves without asking", async () => {
    const res = await saveClientCard(
      w.pm,
      card([row(w.stage, 30000, { weekend_price: 36000, rate_worker: 20000 })], w.companyA, w.sto),
    );
    expect(res.rates).toHaveLength(1);
    expect(res.currency.code).toBe("SEK");
  });

  it("asks on one row too: POST rates/client and PUT rates/update/{id}", async () => {
    const one = {
      company_id: w.companyA,
      branch_id: w.cph,
      skill_id: w.rigger,
      standard_price: 30000,
      night_price: 25000,
      night_start: "22:00",
      night_end: "06:00",
    };
    const err = await appErrorOf(createClientRate(w.admin, one));
    expect([err.status, err.type]).toEqual([410, "rate_loses_money"]);
    expect(err.message).toBe(
      "This rate loses money. Rigger: The night price (250.00) is below the standard price (300.00). Save anyway?",
    );
    expect(await cardRows(w.companyA)).toEqual([]);
    const created = await createClientRate(w.admin, { ...one, night_price: 35000 });

    const update = { standard_price: 30000, rate_worker: 32000 };
    const upd = await appErrorOf(updateClientRate(w.pm, created.id, update));
    expect([upd.status, upd.type]).toEqual([410, "rate_loses_money"]);
    expect(upd.message).toBe(
      "This rate loses money. Rigger: The worker pay (320.00) is above the standard price (300.00). Save anyway?",
    );
    const [unchanged] = await cardRows(w.companyA);
    expect(unchanged).toMatchObject({ standardPrice: 30000, nightPrice: 35000, rateWorker: null });
    const saved = await updateClientRate(w.pm, created.id, { ...update, save_anyway: true });
    expect(saved.rate_worker).toBe(32000);
  });

  it("REST: POST rates answers 410 with the rows in details, then 201/200 with save_anyway", async () => {
    const token = (await issueApiToken(db, (w.pm.actor as { userId: number }).userId, new Date()))
      .access_token;
    const body = {
      jsonData: {
        company_id: w.companyB,
        branch_id: w.sto,
        rates: [{ ...LOSING, skill_id: w.stage }],
      },
    };
    const asked = await callRoute(ratesRoute.POST, "rates", { method: "POST", token, json: body });
    expect(asked.status).toBe(410);
    expect(asked.body).toMatchObject({
      type: "rate_loses_money",
      details: { rates: [{ skill_id: w.stage, skill_name: "Stage" }] },
    });
    const saved = await callRoute(ratesRoute.POST, "rates", {
      method: "POST",
      token,
      json: { ...body, save_anyway: true },
    });
    expect(saved.status).toBeLessThan(300);
  });
});
