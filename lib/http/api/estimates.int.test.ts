import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schema, setDatabaseForTests, type Db, type DbHandle } from "@/db";
import { ROLE, type RoleTitle } from "@/lib/domain/permissions";
import { issueApiToken } from "@/lib/services/auth/tokens";
import { testDatabase } from "@/lib/testing/db";
import { createUser } from "@/lib/testing/fixtures";
import { callRoute } from "@/lib/testing/route-request";
import { ratesWorld, type RatesWorld } from "@/lib/services/rates/rates-fixtures.test-support";
import * as estimateRoute from "@/app/api/v2/rates/client/estimate-costs/route";
import * as earningsRoute from "@/app/api/v2/shifts/estimated-earnings/route";

let handle: DbHandle;
let db: Db;
let w: RatesWorld;
let pm: string;
let col: string;
let colB: string;
let worker: string;

const tokenFor = async (role: RoleTitle, companyId?: number) =>
  (await issueApiToken(db, (await createUser(db, { roles: [role], companyId })).id, new Date()))
    .access_token;

beforeAll(async () => {
  handle = await testDatabase();
  db = handle.db;
  setDatabaseForTests(handle);
  w = await ratesWorld(db, new Date());
  pm = await tokenFor(ROLE.projectManager);
  col = await tokenFor(ROLE.client, w.companyA);
  colB = await tokenFor(ROLE.client, w.companyB);
  worker = await tokenFor(ROLE.worker);
  await db.insert(schema.clientRates).values({
    companyId: w.companyA,
    branchId: w.cph,
    currencyCode: "DKK",
    skillId: w.hand,
    standardPrice: 40000,
    nightPrice: 48000,
    nightStart: "22:00",
    nightEnd: "06:00",
    rateWorker: 21357,
  });
});
afterAll(async () => {
  await handle?.close();
});

const body = () => ({
  company_id: w.companyA,
  branch_id: w.cph,
  shifts: [
    {
      startDate: "04/05/2026",
      start: "20:00",
      endHour: "04:00",
      slots: [{ skill_id: w.hand, qty: 2 }],
    },
  ],
});

describe("POST /api/v2/rates/client/estimate-costs", () => {
  it("answers the data list per shift and slot and the total in the envelope", async () => {
    const res = await callRoute(estimateRoute.POST, "rates/client/estimate-costs", {
      token: pm,
      json: body(),
    });
    expect(res.status).toBe(200);
    const data = (res.body as { data: Record<string, unknown> }).data;
    expect(data).toMatchObject({
      currency: { code: "DKK" },
      total: 2 * (2 * 40000 + 6 * 48000),
      missing: [],
      shifts: [
        {
          start: "2026-05-04T20:00:00+02:00",
          end: "2026-05-05T04:00:00+02:00",
          lines: [{ split: "2 h standard, 6 h night", price_per_position: 368000, total: 736000 }],
        },
      ],
    });
  });

  it("a client contact estimates its own company without worker pay; not another's", async () => {
    const own = await callRoute(estimateRoute.POST, "rates/client/estimate-costs", {
      token: col,
      json: body(),
    });
    expect(own.status).toBe(200);
    expect(JSON.stringify(own.body)).not.toMatch(/rate_?worker|21357/i);
    const other = await callRoute(estimateRoute.POST, "rates/client/estimate-costs", {
      token: colB,
      json: body(),
    });
    expect(other.status).toBe(403);
  });

  it("403 for a worker, 401 without a token, 405 for GET", async () => {
    const call = (token?: string) =>
      callRoute(estimateRoute.POST, "rates/client/estimate-costs", { token, json: body() });
    expect((await call(worker)).status).toBe(403);
    expect((await call()).status).toBe(401);
    const get = await callRoute(estimateRoute.GET, "rates/client/estimate-costs", { token: pm });
    expect(get.status).toBe(405);
  });

  it("bad input is a 4xx with the field, never a 500", async () => {
    const post = (json: unknown) =>
      callRoute(estimateRoute.POST, "rates/client/estimate-costs", { token: pm, json });
    const raw = await callRoute(estimateRoute.POST, "rates/client/estimate-costs", {
      token: pm,
      rawBody: "{nope",
    });
    expect(raw.status).toBe(400);
    const empty = await post({ company_id: w.companyA, shifts: [] });
    expect(empty.status).toBe(422);
    expect((empty.body as { errors: object }).errors).toHaveProperty("shifts");
    const badTime = await post({
      ...body(),
      shifts: [{ startDate: "04/05/2026", start: "99:00", endHour: "04:00", slots: [] }],
    });
    expect(badTime.status).toBe(422);
    expect((badTime.body as { errors: object }).errors).toHaveProperty(["shifts.0.start"]);
    const huge = await post({ ...body(), company_id: 1e12 });
    expect(huge.status).toBe(422);
  });
});

describe("GET /api/v2/shifts/estimated-earnings", () => {
  it("a worker gets a list (its open shifts only); a client contact 403; no ids 422; POST 405", async () => {
    const ok = await callRoute(earningsRoute.GET, "shifts/estimated-earnings?shifts=1,2,3", {
      token: worker,
    });
    expect(ok.status).toBe(200);
    expect((ok.body as { data: unknown[] }).data).toEqual([]);
    const c = await callRoute(earningsRoute.GET, "shifts/estimated-earnings?shifts=1", {
      token: col,
    });
    expect(c.status).toBe(403);
    const none = await callRoute(earningsRoute.GET, "shifts/estimated-earnings", { token: worker });
    expect(none.status).toBe(422);
    const bad = await callRoute(earningsRoute.GET, "shifts/estimated-earnings?shifts=abc", {
      token: worker,
    });
    expect(bad.status).toBe(422);
    expect((await callRoute(earningsRoute.GET, "shifts/estimated-earnings?shifts=1")).status).toBe(
      401,
    );
    const post = await callRoute(earningsRoute.POST, "shifts/estimated-earnings", {
      token: worker,
      json: {},
    });
    expect(post.status).toBe(405);
  });
});
