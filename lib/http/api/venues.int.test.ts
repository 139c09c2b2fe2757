import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schema, setDatabaseForTests, type Db, type DbHandle } from "@/db";
import { ROLE, type RoleTitle } from "@/lib/domain/permissions";
import { issueApiToken } from "@/lib/services/auth/tokens";
import { testDatabase } from "@/lib/testing/db";
import { createCountryAndCompany, createUser } from "@/lib/testing/fixtures";
import { callRoute, type ApiCall, type RouteHandler } from "@/lib/testing/route-request";
import * as listRoute from "@/app/api/v2/venues/route";
import * as itemRoute from "@/app/api/v2/venues/[id]/route";
import * as makePublicRoute from "@/app/api/v2/venues/[id]/make-public/route";
import * as declineRoute from "@/app/api/v2/venues/[id]/decline/route";
import * as cloneRoute from "@/app/api/v2/venues/[id]/clone/route";

let handle: DbHandle;
let db: Db;
let staff: string;
let client: string;
let otherClient: string;
let worker: string;
let countryId: number;

const tokenFor = async (role: RoleTitle, extra: { companyId?: number } = {}) =>
  (await issueApiToken(db, (await createUser(db, { roles: [role], ...extra })).id, new Date()))
    .access_token;

beforeAll(async () => {
  handle = await testDatabase();
  db = handle.db;
  setDatabaseForTests(handle);
  const { country, company } = await createCountryAndCompany(db, "Api Venue A");
  const [other] = await db
    .insert(schema.companies)
    .values({ name: "Api Venue B", countryId: country.id })
    .returning();
  countryId = country.id;
  staff = await tokenFor(ROLE.projectManager);
  client = await tokenFor(ROLE.client, { companyId: company.id });
  otherClient = await tokenFor(ROLE.client, { companyId: other.id });
  worker = await tokenFor(ROLE.worker);
});
afterAll(async () => {
  await handle?.close();
});

interface VenueData {
  id: number;
  name: string;
  status: string;
  company_id: number | null;
  original_id: number | null;
  message?: string;
}
interface ErrorBody {
  message: string;
  type?: string;
  errors?: Record<string, string[]>;
}

const call = (handler: RouteHandler, path: string, c: ApiCall) =>
  callRoute(handler, `venues${path}`, c);
const item = (id: number | string) => ({ params: { id: String(id) } });
const data = (res: { body: unknown }) => (res.body as { data: VenueData }).data;
const error = (res: { body: unknown }) => res.body as ErrorBody;

async function create(token: string, json: Record<string, unknown>) {
  const res = await call(listRoute.POST, "", { method: "POST", token, json });
  expect(res.status).toBe(201);
  return data(res);
}

describe("/api/v2/venues", () => {
  it("POST answers 201 with the venue and the spec's message; 422 for bad input", async () => {
    const venue = await create(client, { name: "Api Hall", country_id: countryId, public: true });
    expect(venue).toMatchObject({ status: "private", message: "Venue Api Hall created" });
    const bad = await call(listRoute.POST, "", {
      method: "POST",
      token: client,
      json: { country_id: "x" },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(error(bad).errors ?? {}).sort()).toEqual(["country_id", "name"]);
    const malformed = await call(listRoute.POST, "", {
      method: "POST",
      token: client,
      rawBody: "{name",
    });
    expect(malformed.status).toBe(400);
  });

  it("GET lists with { data, meta } (10 a page) and reads filter[...] from the query", async () => {
    for (let i = 0; i < 11; i++)
      await create(staff, { name: `Listed ${i}`, country_id: countryId });
    const res = await call(listRoute.GET, "?tab=all&filter[search]=Listed&filter[status]=private", {
      token: staff,
    });
    expect(res.status).toBe(200);
    const body = res.body as { data: VenueData[]; meta: Record<string, number> };
    expect(body.data).toHaveLength(10);
    expect(body.meta).toEqual({ current_page: 1, last_page: 2, per_page: 10, total: 11 });
    const mine = await call(listRoute.GET, "?tab=mine&filter[search]=Listed", { token: client });
    expect((mine.body as { data: unknown[] }).data).toEqual([]);
    expect((await call(listRoute.GET, "?tab=nope", { token: staff })).status).toBe(422);
  });

  it("GET /venues/{id}: 422 'A valid branch id is required', 404 out of scope, 200 in scope", async () => {
    const bad = await call(itemRoute.GET, "/abc", { token: staff, ...item("abc") });
    expect(bad.status).toBe(422);
    expect(error(bad).message).toBe("A valid branch id is required");
    const venue = await create(client, { name: "Scoped hall", country_id: countryId });
    expect(
      (await call(itemRoute.GET, `/${venue.id}`, { token: otherClient, ...item(venue.id) })).status,
    ).toBe(404);
    const ok = await call(itemRoute.GET, `/${venue.id}`, { token: client, ...item(venue.id) });
    expect(ok.status).toBe(200);
    expect(data(ok).id).toBe(venue.id);
  });

  it("PUT, make-public, decline, clone and DELETE answer their statuses", async () => {
    const venue = await create(client, { name: "Lifecycle hall", country_id: countryId });
    const put = await call(itemRoute.PUT, `/${venue.id}`, {
      method: "PUT",
      token: client,
      json: { city: "Aalborg" },
      ...item(venue.id),
    });
    expect(put.status).toBe(200);
    expect(data(put).message).toBe("Venue Lifecycle hall updated");

    const clientApprove = await call(makePublicRoute.POST, `/${venue.id}/make-public`, {
      method: "POST",
      token: client,
      ...item(venue.id),
    });
    expect(clientApprove.status).toBe(403);
    const approve = await call(makePublicRoute.POST, `/${venue.id}/make-public`, {
      method: "POST",
      token: staff,
      ...item(venue.id),
    });
    expect(approve.status).toBe(200);
    expect(data(approve)).toMatchObject({
      status: "public",
      message: "Venue Lifecycle hall approved",
    });
    const decline = await call(declineRoute.POST, `/${venue.id}/decline`, {
      method: "POST",
      token: staff,
      ...item(venue.id),
    });
    expect(decline.status).toBe(409);
    expect(error(decline).type).toBe("venue_not_pending");

    const clone = await call(cloneRoute.POST, `/${venue.id}/clone`, {
      method: "POST",
      token: otherClient,
      ...item(venue.id),
    });
    expect(clone.status).toBe(201);
    expect(data(clone)).toMatchObject({
      original_id: venue.id,
      status: "private",
      message: "Venue Lifecycle hall added to My venues",
    });
    const copyId = data(clone).id;

    const other = await create(client, { name: "Declined hall", country_id: countryId });
    const declined = await call(declineRoute.POST, `/${other.id}/decline`, {
      method: "POST",
      token: staff,
      ...item(other.id),
    });
    expect(declined.status).toBe(200);
    expect(data(declined).message).toBe("Venue Declined hall declined");

    const forbidden = await call(itemRoute.DELETE, `/${venue.id}`, {
      method: "DELETE",
      token: client,
      ...item(venue.id),
    });
    expect(forbidden.status).toBe(403);
    const del = await call(itemRoute.DELETE, `/${copyId}`, {
      method: "DELETE",
      token: otherClient,
      ...item(copyId),
    });
    expect(del.status).toBe(200);
    expect(del.body).toEqual({
      data: { id: copyId, archived: false, message: "Venue Lifecycle hall deleted" },
    });
  });

  it("401 without a token, 403 for a Freelancer", async () => {
    expect((await call(listRoute.GET, "", {})).status).toBe(401);
    expect((await call(listRoute.GET, "", { token: worker })).status).toBe(403);
    const res = await call(listRoute.POST, "", {
      method: "POST",
      token: worker,
      json: { name: "Nope", country_id: countryId },
    });
    expect(res.status).toBe(403);
    expect(error(res).type).toBe("forbidden");
  });
});
