import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { schema, type Db, type DbHandle } from "@/db";
import { ROLE } from "@/lib/domain/permissions";
import { testDatabase } from "@/lib/testing/db";
import { appErrorOf } from "@/lib/testing/app-error";
import { createUser } from "@/lib/testing/fixtures";
import {
  clientRatesScreen,
  rateCardCompany,
  saveClientCard,
  savePreset,
  searchWorkersForRates,
  workerRatesScreen,
} from ".";
import { ratesWorld, type RatesWorld } from "./rates-fixtures.test-support";

const now = new Date("2026-05-04T10:00:00Z");
let handle: DbHandle;
let db: Db;
let w: RatesWorld;
let walt: number;

beforeAll(async () => {
  handle = await testDatabase();
  db = handle.db;
  w = await ratesWorld(db, now);
  walt = (await createUser(db, { roles: [ROLE.worker], name: "Walt Screens" })).id;
  await createUser(db, { roles: [ROLE.projectManager], name: "Walt Office" });
  await db
    .update(schema.companies)
    .set({ defaultBranchId: w.sto })
    .where(eq(schema.companies.id, w.companyA));
  await saveClientCard(w.pm, {
    jsonData: {
      company_id: w.companyA,
      branch_id: w.sto,
      rates: [{ skill_id: w.hand, standard_price: 42000 }],
    },
  });
  await savePreset(w.pm, {
    jsonData: {
      company_id: w.companyA,
      branch_id: w.sto,
      rates: [{ skill_id: w.hand, standard_price: 42000 }],
    },
    presetName: "Stockholm",
  });
});
afterAll(async () => {
  await handle?.close();
});

describe("client rates screen", () => {
  it("opens the company's default branch first, with its card, skills and presets", async () => {
    const s = await clientRatesScreen(w.pm, String(w.companyA), undefined);
    expect(s.branch?.id).toBe(w.sto);
    expect(s.branches[0].id).toBe(w.sto);
    expect(s.currency?.code).toBe("SEK");
    expect(s.rates.map((r) => r.standard_price)).toEqual([42000]);
    expect(s.skills.find((k) => k.id === w.hand)?.has_rate).toBe(true);
    expect(s.presets.map((p) => p.name)).toEqual(["Stockholm"]);
    const other = await clientRatesScreen(w.pm, w.companyA, String(w.cph));
    expect(other.branch?.id).toBe(w.cph);
    expect(other.rates).toEqual([]);
    // A stale ?branch= falls back to the default branch.
    expect((await clientRatesScreen(w.pm, w.companyA, "99999")).branch?.id).toBe(w.sto);
  });

  it("404 for a bad or unknown company; 403 without rate_access", async () => {
    expect((await appErrorOf(clientRatesScreen(w.pm, "abc", undefined))).status).toBe(404);
    expect((await appErrorOf(rateCardCompany(w.pm, 999999))).status).toBe(404);
    expect(await rateCardCompany(w.admin, w.companyA)).toEqual({ id: w.companyA, name: "Rates A" });
    for (const ctx of [w.crew, w.col, w.worker])
      expect((await appErrorOf(rateCardCompany(ctx, w.companyA))).status).toBe(403);
  });
});

describe("worker rates screen", () => {
  it("shows a branch's card and a worker's custom rates; a stale user is left out", async () => {
    const s = await workerRatesScreen(w.admin, { branch: String(w.cph), user: String(walt) });
    expect(s.branch?.id).toBe(w.cph);
    expect(s.card?.user).toEqual({ id: walt, name: "Walt Screens" });
    const stale = await workerRatesScreen(w.admin, { branch: w.cph, user: "99999" });
    expect(stale.card?.user).toBeNull();
    for (const ctx of [w.pm, w.col, w.worker])
      expect((await appErrorOf(workerRatesScreen(ctx, {}))).status).toBe(403);
  });

  it("finds freelancers by name, not office users", async () => {
    const found = await searchWorkersForRates(w.admin, "Walt");
    expect(found.map((u) => u.name)).toEqual(["Walt Screens"]);
    expect(await searchWorkersForRates(w.admin, "")).toEqual([]);
    expect((await appErrorOf(searchWorkersForRates(w.pm, "Walt"))).status).toBe(403);
  });
});
