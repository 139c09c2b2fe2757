import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { schema, setDatabaseForTests, type Db, type DbHandle } from "@/db";
import { ROLE } from "@/lib/domain/permissions";
import { issueApiToken } from "@/lib/services/auth/tokens";
import { testDatabase } from "@/lib/testing/db";
import { createCountryAndCompany, createUser } from "@/lib/testing/fixtures";
import { callRoute, type ApiCall } from "@/lib/testing/route-request";
import * as branchesRoute from "@/app/api/v2/branches/route";
import * as branchRoute from "@/app/api/v2/branches/[id]/route";

/** A branch's holiday region (issue 21) through POST, PUT and GET branches. */

let handle: DbHandle;
let db: Db;
let admin: string;
let dk: number;
let gb: number;
let de: number;

beforeAll(async () => {
  handle = await testDatabase();
  db = handle.db;
  setDatabaseForTests(handle);
  dk = (await createCountryAndCompany(db)).country.id;
  await db
    .insert(schema.currencies)
    .values([
      { code: "GBP", name: "Pound sterling", symbol: "£" },
      { code: "EUR", name: "Euro", symbol: "€" },
    ])
    .onConflictDoNothing();
  [{ id: gb }, { id: de }] = await db
    .insert(schema.countries)
    .values([
      { name: "United Kingdom", isoCode: "GB", currencyCode: "GBP", timeZone: "Europe/London" },
      { name: "Germany", isoCode: "DE", currencyCode: "EUR", timeZone: "Europe/Berlin" },
    ])
    .returning();
  const user = await createUser(db, { roles: [ROLE.admin] });
  admin = (await issueApiToken(db, user.id, new Date())).access_token;
});
afterAll(async () => {
  await handle?.close();
});

type Branch = { id: number; holiday_region: string | null; holiday_region_name: string | null };
type ErrorBody = { message: string; errors?: Record<string, string[]> };

const call = (handler: typeof branchesRoute.POST, path: string, c: ApiCall) =>
  callRoute(handler, path, { token: admin, ...c });
const create = (json: Record<string, unknown>) =>
  call(branchesRoute.POST, "branches", { method: "POST", json });
const update = (id: number, json: Record<string, unknown>) =>
  call(branchRoute.PUT, `branches/${id}`, { method: "PUT", json, params: { id: String(id) } });
const read = async (id: number) =>
  (
    (await call(branchRoute.GET, `branches/${id}`, { method: "GET", params: { id: String(id) } }))
      .body as { data: Branch }
  ).data;
const branchCount = async () => (await db.select().from(schema.branches)).length;
const regionLogged = async (id: number) =>
  (
    await db
      .select({ properties: schema.activityLog.properties })
      .from(schema.activityLog)
      .where(
        and(eq(schema.activityLog.subjectType, "branches"), eq(schema.activityLog.subjectId, id)),
      )
  ).map((r) => r.properties as { attributes?: { holiday_region?: string | null } });

describe("a branch's holiday region", () => {
  let london: number;

  it("is saved (upper-cased), shown with its name, and logged", async () => {
    const res = await create({ name: "London", country_id: gb, holiday_region: "gb-eng" });
    expect(res.status).toBe(201);
    london = (res.body as { data: Branch }).data.id;
    expect(await read(london)).toMatchObject({
      holiday_region: "GB-ENG",
      holiday_region_name: "England",
    });
    expect((await regionLogged(london))[0].attributes?.holiday_region).toBe("GB-ENG");
  });

  it("is national only when blank or left out", async () => {
    for (const holiday_region of ["", null, undefined]) {
      const res = await create({ name: `Leeds ${holiday_region}`, country_id: gb, holiday_region });
      expect(res.status).toBe(201);
      expect((res.body as { data: Branch }).data).toMatchObject({
        holiday_region: null,
        holiday_region_name: null,
      });
    }
  });

  it("refuses a region of another country or an unknown code with a 422 on holiday_region, writing nothing", async () => {
    const before = await branchCount();
    for (const [country_id, holiday_region] of [
      [gb, "DE-BY"],
      [gb, "GB-XYZ"],
      [gb, "ENG"],
      [de, "GB-ENG"],
    ] as const) {
      const res = await create({ name: "Nowhere", country_id, holiday_region });
      expect(res.status).toBe(422);
      const body = res.body as ErrorBody;
      expect(Object.keys(body.errors ?? {})).toEqual(["holiday_region"]);
    }
    const gbError = (
      (await create({ name: "Nowhere", country_id: gb, holiday_region: "DE-BY" })).body as ErrorBody
    ).errors!.holiday_region[0];
    expect(gbError).toBe(
      "Choose a holiday region of United Kingdom (GB-ALD, GB-ENG, GB-NIR, GB-SCT, GB-WLS), or national holidays only.",
    );
    const dkError = (
      (await create({ name: "Nowhere", country_id: dk, holiday_region: "DK-84" })).body as ErrorBody
    ).errors!.holiday_region[0];
    expect(dkError).toBe(
      "date-holidays knows no regions for this country: choose national holidays only.",
    );
    const wrongType = await create({ name: "Nowhere", country_id: gb, holiday_region: 7 });
    expect(wrongType.status).toBe(422);
    expect(await branchCount()).toBe(before);
  });

  it("is replaced by PUT: another region, none, or refused when the country changes without one of its own", async () => {
    const put = (holiday_region: unknown, country_id = gb) =>
      update(london, { name: "London", country_id, holiday_region });
    expect((await put("GB-SCT")).status).toBe(200);
    expect(await read(london)).toMatchObject({
      holiday_region: "GB-SCT",
      holiday_region_name: "Scotland",
    });
    // Moving the branch to Germany with the British region is refused and changes nothing.
    const moved = await put("GB-SCT", de);
    expect(moved.status).toBe(422);
    expect((moved.body as ErrorBody).errors).toHaveProperty("holiday_region");
    expect(await read(london)).toMatchObject({ holiday_region: "GB-SCT" });
    expect((await put("DE-BY", de)).status).toBe(200);
    expect(await read(london)).toMatchObject({
      holiday_region: "DE-BY",
      holiday_region_name: "Bayern",
    });
    expect((await put(undefined)).status).toBe(200);
    expect(await read(london)).toMatchObject({ holiday_region: null, holiday_region_name: null });
  });
});
