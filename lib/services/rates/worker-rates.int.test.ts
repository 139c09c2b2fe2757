import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { schema, type Db, type DbHandle } from "@/db";
import { ROLE } from "@/lib/domain/permissions";
import { testDatabase } from "@/lib/testing/db";
import { appErrorOf } from "@/lib/testing/app-error";
import { createUser } from "@/lib/testing/fixtures";
import {
  applyPreset,
  deletePreset,
  listPresets,
  saveClientCard,
  savePreset,
  saveWorkerCard,
  saveWorkerRateSingle,
  workerRatesCard,
  workerRatesForSkill,
} from ".";
import { ratesWorld, type RatesWorld } from "./rates-fixtures.test-support";

const now = new Date("2026-05-04T10:00:00Z");
let handle: DbHandle;
let db: Db;
let w: RatesWorld;
let dkk: number;
let sek: number;
let walt: number;

beforeAll(async () => {
  handle = await testDatabase();
  db = handle.db;
  w = await ratesWorld(db, now);
  const cur = await db.select().from(schema.currencies);
  dkk = cur.find((c) => c.code === "DKK")!.id;
  sek = cur.find((c) => c.code === "SEK")!.id;
  walt = (await createUser(db, { roles: [ROLE.worker], name: "Walt Rates" })).id;
});
afterAll(async () => {
  await handle?.close();
});

const wrow = (skill_id: number, level_id: number | null, amount: number | null, extra = {}) => ({
  skill_id,
  level_id,
  amount,
  weekend_amount: null,
  night_amount: null,
  night_start: null,
  night_end: null,
  ...extra,
});

describe("worker rate cards", () => {
  it("saves a branch's card at once and shows it per skill and level", async () => {
    const res = await saveWorkerCard(w.admin, {
      branch_id: w.cph,
      currency_id: dkk,
      rates: [
        wrow(w.hand, w.junior, 18000, {
          night_amount: 22000,
          night_start: "22:00",
          night_end: "06:00",
        }),
        wrow(w.hand, w.senior, 21000, { weekend_amount: 25000 }),
        wrow(w.rigger, null, 23000),
      ],
    });
    expect(res.message).toBe("Record updated successfully");
    expect(res.rates).toHaveLength(3);
    const card = await workerRatesCard(w.admin, { branch_id: String(w.cph), level_id: w.senior });
    expect(card.currency.code).toBe("DKK");
    expect(card.rates.map((r) => [r.skill_id, r.amount, r.weekend_amount])).toEqual([
      [w.hand, 21000, 25000],
    ]);
    expect(card.skills.map((s) => s.name)).toEqual(expect.arrayContaining(["Stage", "Stagehand"]));
    expect(card.levels.map((l) => l.id)).toEqual(expect.arrayContaining([w.junior, w.senior]));
  });

  it("removes a row sent empty; refuses another currency, bad rows and deleted skills", async () => {
    const res = await saveWorkerCard(w.admin, {
      branch_id: w.cph,
      currency_id: dkk,
      rates: [wrow(w.rigger, null, null)],
    });
    expect(res.rates.map((r) => r.skill_id)).toEqual([w.hand, w.hand]);
    const cur = await appErrorOf(
      saveWorkerCard(w.admin, { branch_id: w.cph, currency_id: sek, rates: [] }),
    );
    expect(cur.errors).toEqual({
      currency_id: ["The currency must be the currency of the branch's country."],
    });
    const neg = await appErrorOf(
      saveWorkerCard(w.admin, {
        branch_id: w.cph,
        currency_id: dkk,
        rates: [wrow(w.hand, null, -5)],
      }),
    );
    expect(neg.errors?.["rates.0.amount"]).toEqual(["cannot be negative"]);
    const gone = await appErrorOf(
      saveWorkerCard(w.admin, {
        branch_id: w.cph,
        currency_id: dkk,
        rates: [wrow(w.gone, null, 5)],
      }),
    );
    expect(gone.status).toBe(422);
    const twice = await appErrorOf(
      saveWorkerCard(w.admin, {
        branch_id: w.cph,
        currency_id: dkk,
        rates: [wrow(w.hand, null, 5), wrow(w.hand, null, 6)],
      }),
    );
    expect(twice.errors?.["rates.1.skill_id"]).toBeDefined();
    expect((await appErrorOf(workerRatesCard(w.admin, { branch_id: 99999 }))).status).toBe(404);
  });

  it("keeps custom rates of one worker apart from the card", async () => {
    const saved = await saveWorkerRateSingle(w.admin, {
      branch_id: w.cph,
      user_id: walt,
      skill_id: w.hand,
      amount: 26000,
    });
    expect(saved).toMatchObject({ user_id: walt, amount: 26000, currency_code: "DKK" });
    const card = await workerRatesCard(w.admin, { branch_id: w.cph, user_id: walt });
    expect(card.user).toEqual({ id: walt, name: "Walt Rates" });
    expect(card.custom_rates.map((r) => r.amount)).toEqual([26000]);
    expect(card.rates.every((r) => r.user_id === null)).toBe(true);
    const colUser = (await createUser(db, { roles: [ROLE.client], companyId: w.companyA })).id;
    expect(
      (await appErrorOf(workerRatesCard(w.admin, { branch_id: w.cph, user_id: colUser }))).status,
    ).toBe(404);
    expect(
      (await appErrorOf(saveWorkerRateSingle(w.admin, { branch_id: w.cph, skill_id: w.hand })))
        .status,
    ).toBe(422);
  });

  it("answers the rates of one skill per level for the booking dialog", async () => {
    const res = await workerRatesForSkill(w.pm, { skill_id: w.hand, branch_id: w.cph });
    const byLevel = new Map(res.levels.map((l) => [l.level_id, l.rate?.amount ?? null]));
    expect(byLevel.get(w.junior)).toBe(18000);
    expect(byLevel.get(w.senior)).toBe(21000);
    expect(res.any_level).toBeNull();
  });

  it("is for those who manage worker rates; a client contact never sees worker pay", async () => {
    for (const ctx of [w.pm, w.crew, w.col, w.worker]) {
      expect((await appErrorOf(workerRatesCard(ctx, { branch_id: w.cph }))).status).toBe(403);
      expect(
        (await appErrorOf(saveWorkerCard(ctx, { branch_id: w.cph, currency_id: dkk, rates: [] })))
          .status,
      ).toBe(403);
    }
    for (const ctx of [w.crew, w.col, w.worker])
      expect(
        (await appErrorOf(workerRatesForSkill(ctx, { skill_id: w.hand, branch_id: w.cph }))).status,
      ).toBe(403);
  });

  it("logs each save", async () => {
    const logs = await db
      .select()
      .from(schema.activityLog)
      .where(eq(schema.activityLog.logName, "rates"));
    expect(logs.map((l) => l.description)).toEqual(
      expect.arrayContaining([expect.stringMatching(/custom worker rate of Walt Rates/)]),
    );
  });
});

describe("rate presets", () => {
  const card = (company_id: number, branch_id: number) => ({
    company_id,
    branch_id,
    rates: [
      { skill_id: w.hand, standard_price: 39500, rate_worker: 20000 },
      { skill_id: w.rigger, standard_price: null },
    ],
  });

  it("saves a preset and applies it to another company's card in the same currency", async () => {
    const saved = await savePreset(w.pm, {
      jsonData: card(w.companyA, w.cph),
      presetName: "Festival",
    });
    expect(saved).toMatchObject({ message: "Preset saved successfully", currency_code: "DKK" });
    const list = await listPresets(w.pm, {});
    expect(list[0]).toMatchObject({
      name: "Festival",
      currency_code: "DKK",
      rates_count: 1,
      company_name: "Rates A",
    });
    const applied = await applyPreset(w.pm, {
      preset_id: saved.id,
      company_id: w.companyB,
      branch_id: w.cph,
    });
    expect(applied.rates).toMatchObject([
      { skill_id: w.hand, skill_name: "Stagehand", standard_price: 39500 },
    ]);
    // Nothing is written until the card is saved.
    expect(
      await db
        .select()
        .from(schema.clientRates)
        .where(eq(schema.clientRates.companyId, w.companyB)),
    ).toEqual([]);
    const res = await saveClientCard(w.pm, {
      jsonData: { company_id: w.companyB, branch_id: w.cph, rates: applied.rates },
    });
    expect(res.rates).toHaveLength(1);
  });

  it("refuses a preset in another currency, an empty preset, a missing name and other roles", async () => {
    const [p] = await listPresets(w.pm, { filter: { company_id: w.companyA } });
    const mismatch = await appErrorOf(
      applyPreset(w.pm, { preset_id: p.id, company_id: w.companyB, branch_id: w.sto }),
    );
    expect(mismatch.status).toBe(422);
    expect(mismatch.errors?.preset_id?.[0]).toMatch(/priced in DKK; this branch uses SEK/);
    expect(
      (await appErrorOf(savePreset(w.pm, { jsonData: card(w.companyA, w.cph) }))).errors
        ?.presetName,
    ).toEqual(["The preset name field is required."]);
    const empty = await appErrorOf(
      savePreset(w.pm, {
        jsonData: { company_id: w.companyA, branch_id: w.cph, rates: [] },
        presetName: "x",
      }),
    );
    expect(empty.status).toBe(422);
    expect(
      (
        await appErrorOf(
          applyPreset(w.pm, { preset_id: 999999, company_id: w.companyB, branch_id: w.cph }),
        )
      ).status,
    ).toBe(404);
    for (const ctx of [w.crew, w.col, w.worker]) {
      expect((await appErrorOf(listPresets(ctx, {}))).status).toBe(403);
      expect(
        (await appErrorOf(savePreset(ctx, { jsonData: card(w.companyA, w.cph), presetName: "x" })))
          .status,
      ).toBe(403);
    }
    expect(await listPresets(w.pm, { filter: { currency_code: "SEK" } })).toEqual([]);
  });

  it("deletes a preset: gone from the list and logged; 403 to other roles, 404 for unknown ids", async () => {
    const saved = await savePreset(w.pm, { jsonData: card(w.companyA, w.cph), presetName: "Old" });
    for (const ctx of [w.crew, w.col, w.worker])
      expect((await appErrorOf(deletePreset(ctx, saved.id))).status).toBe(403);
    expect(await deletePreset(w.pm, saved.id)).toEqual({
      id: saved.id,
      message: "Preset Old deleted",
    });
    expect((await listPresets(w.pm, {})).map((p) => p.id)).not.toContain(saved.id);
    const [log] = await db
      .select()
      .from(schema.activityLog)
      .where(eq(schema.activityLog.description, 'Deleted rate preset "Old"'));
    expect(log.subjectId).toBe(saved.id);
    for (const id of [saved.id, 999999, "abc", 0])
      expect((await appErrorOf(deletePreset(w.pm, id))).status).toBe(404);
  });
});
