import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schema, setDatabaseForTests, type Db, type DbHandle } from "@/db";
import { ROLE, type RoleTitle } from "@/lib/domain/permissions";
import { issueApiToken } from "@/lib/services/auth/tokens";
import { testDatabase } from "@/lib/testing/db";
import { createCountryAndCompany, createUser } from "@/lib/testing/fixtures";
import { callRoute, type ApiCall, type RouteHandler } from "@/lib/testing/route-request";
import * as listRoute from "@/app/api/v2/dresscodes/route";
import * as itemRoute from "@/app/api/v2/dresscodes/[id]/route";

let handle: DbHandle;
let db: Db;
let adminToken: string;
let workerToken: string;
let clientToken: string;

const tokenFor = async (role: RoleTitle, extra: { companyId?: number } = {}) =>
  (await issueApiToken(db, (await createUser(db, { roles: [role], ...extra })).id, new Date()))
    .access_token;

beforeAll(async () => {
  handle = await testDatabase();
  db = handle.db;
  setDatabaseForTests(handle);
  const { company } = await createCountryAndCompany(db);
  adminToken = await tokenFor(ROLE.admin);
  workerToken = await tokenFor(ROLE.worker);
  clientToken = await tokenFor(ROLE.client, { companyId: company.id });
});
afterAll(async () => {
  await handle?.close();
});

const call = (handler: RouteHandler, path: string, c: ApiCall) =>
  callRoute(handler, `dresscodes${path}`, c);
const item = (id: number | string) => ({ params: { id: String(id) } });

interface DressCodeData {
  id: number;
  name: string;
  description: string | null;
  jobs_count: number;
  message?: string;
}

describe("/api/v2/dresscodes", () => {
  let id: number;

  it("POST creates with 201 and { data } carrying the message", async () => {
    const res = await call(listRoute.POST, "", {
      method: "POST",
      token: adminToken,
      json: { name: "Black tie", description: "Dinner jacket" },
    });
    expect(res.status).toBe(201);
    const data = (res.body as { data: DressCodeData }).data;
    expect(data).toMatchObject({
      name: "Black tie",
      description: "Dinner jacket",
      jobs_count: 0,
      message: "Dress code Black tie created",
    });
    id = data.id;
  });

  it("POST answers a duplicate name with 422 and errors.name", async () => {
    const res = await call(listRoute.POST, "", {
      method: "POST",
      token: adminToken,
      json: { name: "BLACK TIE" },
    });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      message: "A dress code with this name already exists.",
      type: "validation_error",
      errors: { name: ["A dress code with this name already exists."] },
    });
  });

  it("POST answers malformed JSON with 400", async () => {
    const res = await call(listRoute.POST, "", {
      method: "POST",
      token: adminToken,
      rawBody: '{"name": ',
    });
    expect(res.status).toBe(400);
  });

  it("GET lists with { data, meta }, 10 a page, and filter[search]", async () => {
    await db
      .insert(schema.dressCodes)
      .values(Array.from({ length: 11 }, (_, i) => ({ name: `Uniform ${i + 10}` })));
    const res = await callRoute(listRoute.GET, "dresscodes?page=2", { token: adminToken });
    expect(res.status).toBe(200);
    const body = res.body as { data: DressCodeData[]; meta: Record<string, number> };
    expect(body.meta).toEqual({ current_page: 2, last_page: 2, per_page: 10, total: 12 });
    expect(body.data.map((d) => d.name)).toEqual(["Uniform 19", "Uniform 20"]);
    const search = await callRoute(listRoute.GET, "dresscodes?filter[search]=black", {
      token: adminToken,
    });
    expect((search.body as { data: DressCodeData[] }).data.map((d) => d.name)).toEqual([
      "Black tie",
    ]);
    const bad = await callRoute(listRoute.GET, "dresscodes?perPage=1000", { token: adminToken });
    expect(bad.status).toBe(422);
  });

  it("GET /{id} answers 200, and 404 for unknown or malformed ids", async () => {
    const res = await call(itemRoute.GET, `/${id}`, { token: adminToken, ...item(id) });
    expect(res.status).toBe(200);
    expect((res.body as { data: DressCodeData }).data).toEqual({
      id,
      name: "Black tie",
      description: "Dinner jacket",
      jobs_count: 0,
    });
    for (const bad of ["999999", "abc"]) {
      const miss = await call(itemRoute.GET, `/${bad}`, { token: adminToken, ...item(bad) });
      expect(miss.status).toBe(404);
      expect(miss.body).toMatchObject({ message: "Dress code not found.", type: "not_found" });
    }
  });

  it("PUT /{id} answers 200 with the message, 422 for an empty name, 404 for unknown", async () => {
    const ok = await call(itemRoute.PUT, `/${id}`, {
      method: "PUT",
      token: adminToken,
      json: { name: "White tie", description: null },
      ...item(id),
    });
    expect(ok.status).toBe(200);
    expect((ok.body as { data: DressCodeData }).data).toMatchObject({
      id,
      name: "White tie",
      description: null,
      message: "Dress code White tie edited",
    });
    const empty = await call(itemRoute.PUT, `/${id}`, {
      method: "PUT",
      token: adminToken,
      json: { name: " " },
      ...item(id),
    });
    expect(empty.status).toBe(422);
    expect(Object.keys((empty.body as { errors: object }).errors)).toEqual(["name"]);
    const missing = await call(itemRoute.PUT, "/999999", {
      method: "PUT",
      token: adminToken,
      json: { name: "X" },
      ...item(999999),
    });
    expect(missing.status).toBe(404);
  });

  it("answers 403 to a Freelancer and a Client Contact on every verb", async () => {
    for (const token of [workerToken, clientToken]) {
      const results = await Promise.all([
        callRoute(listRoute.GET, "dresscodes", { token }),
        call(listRoute.POST, "", { method: "POST", token, json: { name: "Sneaky" } }),
        call(itemRoute.GET, `/${id}`, { token, ...item(id) }),
        call(itemRoute.PUT, `/${id}`, { method: "PUT", token, json: { name: "S" }, ...item(id) }),
        call(itemRoute.DELETE, `/${id}`, { method: "DELETE", token, ...item(id) }),
      ]);
      expect(results.map((r) => r.status)).toEqual([403, 403, 403, 403, 403]);
      expect(results[0].body).toMatchObject({ type: "forbidden" });
    }
  });

  it("answers 401 without a token", async () => {
    const res = await callRoute(listRoute.GET, "dresscodes", {});
    expect(res.status).toBe(401);
  });

  it("DELETE /{id} answers 409 while a job uses it, then 200, then 404", async () => {
    const [country] = await db.select().from(schema.countries);
    const [company] = await db.select().from(schema.companies);
    const [job] = await db
      .insert(schema.jobs)
      .values({ name: "Gala", companyId: company.id, countryId: country.id, dressCodeId: id })
      .returning();
    const del = () =>
      call(itemRoute.DELETE, `/${id}`, { method: "DELETE", token: adminToken, ...item(id) });
    const busy = await del();
    expect(busy.status).toBe(409);
    expect(busy.body).toMatchObject({ type: "dresscode_in_use" });
    await db.delete(schema.jobs);
    expect(job.id).toBeGreaterThan(0);
    const ok = await del();
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ data: { id, message: "Dress code White tie deleted" } });
    expect((await del()).status).toBe(404);
  });
});
