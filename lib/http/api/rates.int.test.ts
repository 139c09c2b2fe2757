import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schema, setDatabaseForTests, type Db, type DbHandle } from "@/db";
import { ROLE, type RoleTitle } from "@/lib/domain/permissions";
import { issueApiToken } from "@/lib/services/auth/tokens";
import { testDatabase } from "@/lib/testing/db";
import { createUser } from "@/lib/testing/fixtures";
import { callRoute } from "@/lib/testing/route-request";
import { ratesWorld, type RatesWorld } from "@/lib/services/rates/rates-fixtures.test-support";
import * as ratesRoute from "@/app/api/v2/rates/route";
import * as presetsRoute from "@/app/api/v2/rates/presets/route";
import * as applyRoute from "@/app/api/v2/rates/presets/apply/route";
import * as clientRoute from "@/app/api/v2/rates/client/route";
import * as clientItemRoute from "@/app/api/v2/rates/client/[company_id]/route";
import * as currencyRoute from "@/app/api/v2/rates/client/get-currency/route";
import * as updateRoute from "@/app/api/v2/rates/update/[id]/route";
import * as skillsRoute from "@/app/api/v2/skillsForRates/[id]/route";
import * as workerSkillsRoute from "@/app/api/v2/rates/workers/skills/route";
import * as workerSaveRoute from "@/app/api/v2/worker-rates/save/route";
import * as workerSingleRoute from "@/app/api/v2/worker-rates/single/route";
import * as workerSkillRoute from "@/app/api/v2/worker-rates/route";

const now = new Date();
let handle: DbHandle;
let db: Db;
let w: RatesWorld;
let pm: string;
let admin: string;
let col: string;
let worker: string;
let dkk: number;

const tokenFor = async (role: RoleTitle, companyId?: number) =>
  (await issueApiToken(db, (await createUser(db, { roles: [role], companyId })).id, new Date()))
    .access_token;

beforeAll(async () => {
  handle = await testDatabase();
  db = handle.db;
  setDatabaseForTests(handle);
  w = await ratesWorld(db, now);
  pm = await tokenFor(ROLE.projectManager);
  admin = await tokenFor(ROLE.admin);
  col = await tokenFor(ROLE.client, w.companyA);
  worker = await tokenFor(ROLE.worker);
  dkk = (await db.select().from(schema.currencies)).find((c) => c.code === "DKK")!.id;
});
afterAll(async () => {
  await handle?.close();
});

const dataOf = <T>(res: { body: unknown }) => (res.body as { data: T }).data;
const card = (standard: number | null) => ({
  jsonData: {
    company_id: w.companyA,
    branch_id: w.cph,
    rates: [{ skill_id: w.hand, standard_price: standard, night_start: null, night_end: null }],
  },
});

describe("/api/v2 rates", () => {
  it("POST and PUT rates save a card; GET rates lists it; 403 for a client contact", async () => {
    const post = await callRoute(ratesRoute.POST, "rates", { token: pm, json: card(39500) });
    expect(post.status).toBe(200);
    const put = await callRoute(ratesRoute.PUT, "rates", {
      method: "PUT",
      token: pm,
      json: card(40000),
    });
    expect(dataOf<{ message: string }>(put).message).toBe("Record updated successfully");
    const list = await callRoute(
      ratesRoute.GET,
      `rates?filter[company_id]=${w.companyA}&filter[branch_id]=${w.cph}`,
      { token: pm },
    );
    expect(dataOf<{ standard_price: number; currency_code: string }[]>(list)).toMatchObject([
      { standard_price: 40000, currency_code: "DKK" },
    ]);
    expect((await callRoute(ratesRoute.GET, "rates", { token: col })).status).toBe(403);
    expect((await callRoute(ratesRoute.GET, "rates")).status).toBe(401);
    const bad = await callRoute(ratesRoute.POST, "rates", { token: pm, rawBody: "{nope" });
    expect(bad.status).toBe(400);
    const neg = await callRoute(ratesRoute.POST, "rates", { token: pm, json: card(-1) });
    expect(neg.status).toBe(422);
    expect((neg.body as { errors: Record<string, string[]> }).errors).toHaveProperty(
      "jsonData.rates.0.standard_price",
    );
  });

  it("one client rate: GET by company, POST one row, PUT rates/update/{id}", async () => {
    const one = await callRoute(
      clientItemRoute.GET,
      `rates/client/${w.companyA}?skill=${w.hand}&branch=${w.cph}`,
      { token: pm, params: { company_id: String(w.companyA) } },
    );
    const rate = dataOf<{ id: number; currency: { code: string } }>(one);
    expect(rate.currency.code).toBe("DKK");
    const upd = await callRoute(updateRoute.PUT, `rates/update/${rate.id}`, {
      method: "PUT",
      token: pm,
      json: { standard_price: 41000 },
      params: { id: String(rate.id) },
    });
    expect(dataOf<{ message: string; standard_price: number }>(upd)).toMatchObject({
      message: "Record updated successfully",
      standard_price: 41000,
    });
    const bad = await callRoute(updateRoute.PUT, "rates/update/abc", {
      method: "PUT",
      token: pm,
      json: { standard_price: 1 },
      params: { id: "abc" },
    });
    expect(bad.status).toBe(404);
    const created = await callRoute(clientRoute.POST, "rates/client", {
      token: pm,
      json: { company_id: w.companyB, branch_id: w.cph, skill_id: w.rigger, standard_price: 100 },
    });
    expect(created.status).toBe(201);
    const cur = await callRoute(currencyRoute.POST, "rates/client/get-currency", {
      token: pm,
      json: { company_id: w.companyA, branch_id: w.sto },
    });
    expect(dataOf<{ code: string }>(cur).code).toBe("SEK");
    const skills = await callRoute(skillsRoute.GET, `skillsForRates/${w.companyA}`, {
      token: pm,
      params: { id: String(w.companyA) },
    });
    expect(
      dataOf<{ id: number; has_rate: boolean }[]>(skills).find((s) => s.id === w.hand)?.has_rate,
    ).toBe(true);
  });

  it("presets: POST answers the spec's message; GET lists; apply checks the currency", async () => {
    const saved = await callRoute(presetsRoute.POST, "rates/presets", {
      token: pm,
      json: { ...card(40000), presetName: "Arena" },
    });
    expect(saved.status).toBe(201);
    const preset = dataOf<{ id: number; message: string }>(saved);
    expect(preset.message).toBe("Preset saved successfully");
    const list = await callRoute(presetsRoute.GET, "rates/presets", { token: pm });
    expect(dataOf<{ name: string }[]>(list).map((p) => p.name)).toContain("Arena");
    const mismatch = await callRoute(applyRoute.POST, "rates/presets/apply", {
      token: pm,
      json: { preset_id: preset.id, company_id: w.companyB, branch_id: w.sto },
    });
    expect(mismatch.status).toBe(422);
    const ok = await callRoute(applyRoute.POST, "rates/presets/apply", {
      token: pm,
      json: { preset_id: preset.id, company_id: w.companyB, branch_id: w.cph },
    });
    expect(dataOf<{ rates: unknown[] }>(ok).rates).toHaveLength(1);
  });

  it("worker rates: save, single, skills and per-skill; 403 unless allowed", async () => {
    const save = await callRoute(workerSaveRoute.POST, "worker-rates/save", {
      token: admin,
      json: {
        branch_id: w.cph,
        currency_id: dkk,
        rates: [{ skill_id: w.hand, level_id: w.junior, amount: 18000 }],
      },
    });
    expect(save.status).toBe(200);
    const single = await callRoute(workerSingleRoute.POST, "worker-rates/single", {
      token: admin,
      json: { branch_id: w.cph, skill_id: w.rigger, amount: 20000 },
    });
    expect(single.status).toBe(200);
    const card = await callRoute(workerSkillsRoute.GET, `rates/workers/skills?branch_id=${w.cph}`, {
      token: admin,
    });
    expect(dataOf<{ rates: unknown[] }>(card).rates).toHaveLength(2);
    const perSkill = await callRoute(workerSkillRoute.POST, "worker-rates", {
      token: pm,
      json: { skill_id: w.hand, branch_id: w.cph },
    });
    expect(perSkill.status).toBe(200);
    expect(
      (
        await callRoute(workerSkillsRoute.GET, `rates/workers/skills?branch_id=${w.cph}`, {
          token: pm,
        })
      ).status,
    ).toBe(403);
    for (const token of [col, worker])
      expect(
        (
          await callRoute(workerSkillRoute.POST, "worker-rates", {
            token,
            json: { skill_id: w.hand, branch_id: w.cph },
          })
        ).status,
      ).toBe(403);
    const wrong = await callRoute(workerSaveRoute.POST, "worker-rates/save", {
      token: admin,
      json: { branch_id: w.cph, currency_id: "x", rates: [] },
    });
    expect(wrong.status).toBe(422);
  });
});
