import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schema, setDatabaseForTests, type Db, type DbHandle } from "@/db";
import { ROLE, type RoleTitle } from "@/lib/domain/permissions";
import { issueApiToken } from "@/lib/services/auth/tokens";
import { testDatabase } from "@/lib/testing/db";
import { createCountryAndCompany, createUser } from "@/lib/testing/fixtures";
import { callRoute, type ApiCall, type RouteHandler } from "@/lib/testing/route-request";
import * as countriesRoute from "@/app/api/v2/countries/route";
import * as countryRoute from "@/app/api/v2/countries/[id]/route";
import * as currenciesRoute from "@/app/api/v2/currencies/route";
import * as branchesRoute from "@/app/api/v2/branches/route";
import * as branchRoute from "@/app/api/v2/branches/[id]/route";

let handle: DbHandle;
let db: Db;
const token: Partial<Record<"admin" | "pm" | "worker" | "client", string>> = {};
let dk: number;
let companyId: number;

const tokenFor = async (role: RoleTitle, extra: { companyId?: number } = {}) =>
  (await issueApiToken(db, (await createUser(db, { roles: [role], ...extra })).id, new Date()))
    .access_token;

beforeAll(async () => {
  handle = await testDatabase();
  db = handle.db;
  setDatabaseForTests(handle);
  const { company, country } = await createCountryAndCompany(db);
  dk = country.id;
  companyId = company.id;
  token.admin = await tokenFor(ROLE.admin);
  token.pm = await tokenFor(ROLE.projectManager);
  token.worker = await tokenFor(ROLE.worker);
  token.client = await tokenFor(ROLE.client, { companyId });
});
afterAll(async () => {
  await handle?.close();
});

const call = (handler: RouteHandler, path: string, c: ApiCall = {}) => callRoute(handler, path, c);
const item = (id: number | string) => ({ params: { id: String(id) } });
type Body<T> = { data: T; meta?: Record<string, number> };

const finland = {
  name: "Finland",
  iso_code: "FI",
  currency: "EUR",
  time_zone: "Europe/Helsinki",
  operational: true,
  phone_prefix: "+358",
  rest_hours: 9,
};

describe("/api/v2/countries", () => {
  let fi: number;

  it("POST creates with 201 (admin) and answers bad input with 422 field errors", async () => {
    const res = await call(countriesRoute.POST, "countries", { token: token.admin, json: finland });
    expect(res.status).toBe(201);
    const data = (res.body as Body<{ id: number; rest_hours: number; message: string }>).data;
    expect(data).toMatchObject({ rest_hours: 9, message: "Country Finland created" });
    fi = data.id;
    const bad = await call(countriesRoute.POST, "countries", {
      token: token.admin,
      json: { ...finland, iso_code: "FIN", currency: "XXX", time_zone: "Nowhere", rest_hours: 25 },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys((bad.body as { errors: object }).errors).sort()).toEqual([
      "iso_code",
      "rest_hours",
      "time_zone",
    ]);
    const unknownCurrency = await call(countriesRoute.POST, "countries", {
      token: token.admin,
      json: { ...finland, name: "Åland", iso_code: "AX", currency: "XXX" },
    });
    expect(unknownCurrency.body).toMatchObject({
      errors: { currency: ["The selected currency does not exist."] },
    });
    const malformed = await call(countriesRoute.POST, "countries", {
      token: token.admin,
      rawBody: "{",
    });
    expect(malformed.status).toBe(400);
  });

  it("GET without page keeps the pickers' array for any user; with page answers the list", async () => {
    const picker = await call(countriesRoute.GET, "countries", { token: token.worker });
    expect(picker.status).toBe(200);
    expect(picker.body).toEqual({
      data: [
        expect.objectContaining({ id: dk, iso_code: "DK", operational: true }),
        expect.objectContaining({ id: fi, iso_code: "FI", currency: "EUR" }),
      ],
    });
    const page = await call(countriesRoute.GET, "countries?page=1", { token: token.admin });
    expect(page.status).toBe(200);
    const body = page.body as Body<{ id: number }[]>;
    expect(body.data.map((c) => c.id)).toEqual([dk, fi]);
    expect(body.meta).toEqual({ current_page: 1, last_page: 1, per_page: 10, total: 2 });
    const filtered = await call(countriesRoute.GET, "countries?filter[operational]=0", {
      token: token.admin,
    });
    expect((filtered.body as Body<unknown[]>).meta?.total).toBe(0);
    const bad = await call(countriesRoute.GET, "countries?page=abc", { token: token.admin });
    expect(bad.status).toBe(422);
  });

  it("PUT sets not operational, which takes the country out of the pickers", async () => {
    const res = await call(countryRoute.PUT, `countries/${fi}`, {
      method: "PUT",
      token: token.admin,
      json: { ...finland, operational: false },
      ...item(fi),
    });
    expect(res.status).toBe(200);
    const picker = await call(countriesRoute.GET, "countries", { token: token.worker });
    expect((picker.body as Body<{ id: number }[]>).data.map((c) => c.id)).toEqual([dk]);
  });

  it("GET /{id} answers 200, 404 for unknown and malformed ids", async () => {
    expect(
      (await call(countryRoute.GET, `countries/${fi}`, { token: token.admin, ...item(fi) })).status,
    ).toBe(200);
    for (const bad of ["999999", "abc"]) {
      const res = await call(countryRoute.GET, `countries/${bad}`, {
        token: token.admin,
        ...item(bad),
      });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ message: "Country not found.", type: "not_found" });
    }
  });

  it("DELETE answers 409 for a country in use and 200 for an unused one", async () => {
    const busy = await call(countryRoute.DELETE, `countries/${dk}`, {
      method: "DELETE",
      token: token.admin,
      ...item(dk),
    });
    expect(busy.status).toBe(409);
    expect(busy.body).toMatchObject({ type: "country_in_use" });
    const ok = await call(countryRoute.DELETE, `countries/${fi}`, {
      method: "DELETE",
      token: token.admin,
      ...item(fi),
    });
    expect(ok.body).toEqual({ data: { id: fi, message: "Country Finland deleted" } });
  });

  it("answers 403 to a PM, a worker and a client contact on the list and every write", async () => {
    for (const t of [token.pm, token.worker, token.client]) {
      const results = await Promise.all([
        call(countriesRoute.GET, "countries?page=1", { token: t }),
        call(countriesRoute.POST, "countries", { token: t, json: finland }),
        call(countryRoute.GET, `countries/${dk}`, { token: t, ...item(dk) }),
        call(countryRoute.PUT, `countries/${dk}`, {
          method: "PUT",
          token: t,
          json: finland,
          ...item(dk),
        }),
        call(countryRoute.DELETE, `countries/${dk}`, { method: "DELETE", token: t, ...item(dk) }),
      ]);
      expect(results.map((r) => r.status)).toEqual([403, 403, 403, 403, 403]);
    }
    expect((await call(countriesRoute.GET, "countries", {})).status).toBe(401);
  });
});

describe("/api/v2/currencies", () => {
  it("answers every ISO currency by code to any signed-in user, 401 without one", async () => {
    const res = await call(currenciesRoute.GET, "currencies", { token: token.client });
    expect(res.status).toBe(200);
    const data = (res.body as { data: { code: string }[] }).data;
    expect(data.length).toBeGreaterThan(100);
    expect(data.map((c) => c.code)).toEqual([...data.map((c) => c.code)].sort());
    expect(data).toContainEqual({ code: "EUR", name: "Euro", symbol: "€", minor_units: 2 });
    expect(data).toContainEqual({ code: "JPY", name: "Japanese Yen", symbol: "¥", minor_units: 0 });
    expect(data).toContainEqual({
      code: "KWD",
      name: "Kuwaiti Dinar",
      symbol: "KWD",
      minor_units: 3,
    });
    expect((await call(currenciesRoute.GET, "currencies", {})).status).toBe(401);
    expect(
      (await call(currenciesRoute.POST, "currencies", { token: token.admin, json: {} })).status,
    ).toBe(405);
  });
});

describe("/api/v2/branches", () => {
  let id: number;
  const DUPLICATE = "Another branch with this name already exists";

  it("POST creates with 201; a duplicate name is 422 with the spec's text", async () => {
    const res = await call(branchesRoute.POST, "branches", {
      token: token.admin,
      json: { name: "Odense", country_id: dk, city: "Odense C" },
    });
    expect(res.status).toBe(201);
    id = (res.body as Body<{ id: number }>).data.id;
    const dup = await call(branchesRoute.POST, "branches", {
      token: token.admin,
      json: { name: "odense", country_id: dk },
    });
    expect(dup.status).toBe(422);
    expect(dup.body).toEqual({
      message: DUPLICATE,
      type: "validation_error",
      errors: { name: [DUPLICATE] },
    });
  });

  it("PUT to another branch's name is 422 with the spec's text (never 500)", async () => {
    const other = await call(branchesRoute.POST, "branches", {
      token: token.admin,
      json: { name: "Esbjerg", country_id: dk },
    });
    const otherId = (other.body as Body<{ id: number }>).data.id;
    const res = await call(branchRoute.PUT, `branches/${otherId}`, {
      method: "PUT",
      token: token.admin,
      json: { name: "ODENSE", country_id: dk },
      ...item(otherId),
    });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ message: DUPLICATE, errors: { name: [DUPLICATE] } });
  });

  it("GET keeps the pickers' array; with page the list; GET /{id} one branch or 404", async () => {
    const picker = await call(branchesRoute.GET, "branches", { token: token.worker });
    expect((picker.body as Body<{ name: string }[]>).data.map((b) => b.name)).toEqual([
      "Esbjerg",
      "Odense",
    ]);
    const page = await call(branchesRoute.GET, "branches?page=1&filter[search]=ode", {
      token: token.admin,
    });
    expect((page.body as Body<{ name: string }[]>).data.map((b) => b.name)).toEqual(["Odense"]);
    expect((page.body as Body<unknown>).meta).toMatchObject({ total: 1, per_page: 10 });
    const one = await call(branchRoute.GET, `branches/${id}`, { token: token.admin, ...item(id) });
    expect((one.body as Body<{ city: string }>).data).toMatchObject({ city: "Odense C" });
    for (const bad of ["999999", "x1"]) {
      const miss = await call(branchRoute.GET, `branches/${bad}`, {
        token: token.admin,
        ...item(bad),
      });
      expect(miss.status).toBe(404);
    }
  });

  it("DELETE archives a branch a company uses, and removes an unused one", async () => {
    await db.update(schema.companies).set({ defaultBranchId: id });
    const archived = await call(branchRoute.DELETE, `branches/${id}`, {
      method: "DELETE",
      token: token.admin,
      ...item(id),
    });
    expect(archived.status).toBe(200);
    expect((archived.body as Body<unknown>).data).toMatchObject({
      archived: true,
      message: "Branch Odense archived",
    });
    const picker = await call(branchesRoute.GET, "branches", { token: token.worker });
    expect((picker.body as Body<{ name: string }[]>).data.map((b) => b.name)).toEqual(["Esbjerg"]);
  });

  it("answers 403 to a PM, a worker and a client contact on the list and every write", async () => {
    for (const t of [token.pm, token.worker, token.client]) {
      const results = await Promise.all([
        call(branchesRoute.GET, "branches?page=1", { token: t }),
        call(branchesRoute.POST, "branches", { token: t, json: { name: "X", country_id: dk } }),
        call(branchRoute.GET, `branches/${id}`, { token: t, ...item(id) }),
        call(branchRoute.PUT, `branches/${id}`, {
          method: "PUT",
          token: t,
          json: { name: "X", country_id: dk },
          ...item(id),
        }),
        call(branchRoute.DELETE, `branches/${id}`, { method: "DELETE", token: t, ...item(id) }),
      ]);
      expect(results.map((r) => r.status)).toEqual([403, 403, 403, 403, 403]);
    }
  });
});
