import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { NextRequest } from "next/server";
import { schema, setDatabaseForTests, type Db, type DbHandle } from "@/db";
import { samplePdf } from "@/seed/data/document-files";
import { ROLE, type RoleTitle } from "@/lib/domain/permissions";
import { localStore, setFileStore } from "@/lib/files/storage";
import { issueApiToken } from "@/lib/services/auth/tokens";
import { testDatabase } from "@/lib/testing/db";
import { createCountryAndCompany, createUser } from "@/lib/testing/fixtures";
import { callRoute, type ApiCall, type RouteHandler } from "@/lib/testing/route-request";
import * as companiesRoute from "@/app/api/v2/companies/route";
import * as companyRoute from "@/app/api/v2/companies/[id]/route";
import * as usersRoute from "@/app/api/v2/companies/[id]/users/route";
import * as overviewRoute from "@/app/api/v2/companies/[id]/overview/route";
import * as filesRoute from "@/app/api/v2/companies/[id]/files/route";
import * as fileRoute from "@/app/api/v2/companies/[id]/files/[fileId]/route";
import * as prefRoute from "@/app/api/v2/companies/preferred-skills/route";
import * as prefItemRoute from "@/app/api/v2/companies/preferred-skills/[id]/route";
import { expectErrorBody } from "./contract.test-support";

let handle: DbHandle;
let db: Db;
let dir: string;
const token: Partial<Record<"admin" | "pm" | "crew" | "worker" | "colA" | "colB", string>> = {};
let dk: number;
let companyA: number;
let companyB: number;
let skill: number;

const tokenFor = async (role: RoleTitle, extra: { companyId?: number } = {}) =>
  (await issueApiToken(db, (await createUser(db, { roles: [role], ...extra })).id, new Date()))
    .access_token;

beforeAll(async () => {
  handle = await testDatabase();
  db = handle.db;
  setDatabaseForTests(handle);
  dir = await mkdtemp(path.join(tmpdir(), "crewdeck-companies-api-"));
  setFileStore(localStore(dir));
  const { company, country } = await createCountryAndCompany(db, "Api Alpha");
  dk = country.id;
  companyA = company.id;
  companyB = (
    await db.insert(schema.companies).values({ name: "Api Beta", countryId: dk }).returning()
  )[0].id;
  skill = (await db.insert(schema.skills).values({ name: "Api skill" }).returning())[0].id;
  token.admin = await tokenFor(ROLE.admin);
  token.pm = await tokenFor(ROLE.projectManager);
  token.crew = await tokenFor(ROLE.crewHandler);
  token.worker = await tokenFor(ROLE.worker);
  token.colA = await tokenFor(ROLE.client, { companyId: companyA });
  token.colB = await tokenFor(ROLE.client, { companyId: companyB });
});
afterAll(async () => {
  setFileStore(undefined);
  await rm(dir, { recursive: true, force: true });
  await handle?.close();
});

const call = (handler: RouteHandler, p: string, c: ApiCall = {}) => callRoute(handler, p, c);
const item = (id: number | string) => ({ params: { id: String(id) } });
type Body<T> = { data: T; meta?: Record<string, number> };

describe("GET/POST companies", () => {
  it("lists with the pagination envelope; a client contact sees only its own company", async () => {
    const res = await call(companiesRoute.GET, "companies?perPage=1&filter[name]=api", {
      token: token.pm,
    });
    expect(res.status).toBe(200);
    const body = res.body as Body<{ name: string }[]>;
    expect(body.data.map((c) => c.name)).toEqual(["Api Alpha"]);
    expect(body.meta).toEqual({ current_page: 1, last_page: 2, per_page: 1, total: 2 });
    const col = await call(companiesRoute.GET, "companies", { token: token.colA });
    expect((col.body as Body<{ id: number }[]>).data.map((c) => c.id)).toEqual([companyA]);
    const dropdown = await call(companiesRoute.GET, "companies?dropdown=1", { token: token.pm });
    expect((dropdown.body as Body<unknown>).meta?.per_page).toBe(100);
  });

  it("401 without a token, 403 for a worker, 422 on a bad filter", async () => {
    expect((await call(companiesRoute.GET, "companies")).status).toBe(401);
    const worker = await call(companiesRoute.GET, "companies", { token: token.worker });
    expect(worker.status).toBe(403);
    expectErrorBody(worker);
    const bad = await call(companiesRoute.GET, "companies?filter[countryid]=x", {
      token: token.pm,
    });
    expect(bad.status).toBe(422);
  });

  it("creates a client (201), with 422 field errors for a bad tax id and 403 for a client contact", async () => {
    const bad = await call(companiesRoute.POST, "companies", {
      token: token.pm,
      json: { name: "Api New", taxid: "DK12345678", countryid: dk },
    });
    expect(bad.status).toBe(422);
    expect(expectErrorBody(bad).errors?.taxid).toEqual([
      "The tax id is not a valid CVR number for Denmark.",
    ]);
    const ok = await call(companiesRoute.POST, "companies", {
      token: token.pm,
      json: { name: "Api New", taxid: "38214004", countryid: dk },
    });
    expect(ok.status).toBe(201);
    expect((ok.body as Body<{ name: string; message: string }>).data).toMatchObject({
      name: "Api New",
      message: "Client Api New created",
    });
    const col = await call(companiesRoute.POST, "companies", {
      token: token.colA,
      json: { name: "Api Col", countryid: dk },
    });
    expect(col.status).toBe(403);
    const malformed = await call(companiesRoute.POST, "companies", {
      token: token.pm,
      rawBody: "{nope",
    });
    expect(malformed.status).toBe(400);
  });
});

describe("companies/{id}", () => {
  it("reads, changes and deletes; another company's contact gets 404", async () => {
    const got = await call(companyRoute.GET, `companies/${companyA}`, {
      token: token.colA,
      ...item(companyA),
    });
    expect(got.status).toBe(200);
    expect((got.body as Body<{ name: string }>).data.name).toBe("Api Alpha");
    const other = await call(companyRoute.GET, `companies/${companyA}`, {
      token: token.colB,
      ...item(companyA),
    });
    expect(other.status).toBe(404);
    expectErrorBody(other);
    for (const bad of ["0", "abc", "99999999999"])
      expect(
        (await call(companyRoute.GET, `companies/${bad}`, { token: token.pm, ...item(bad) }))
          .status,
      ).toBe(404);
    const put = await call(companyRoute.PUT, `companies/${companyB}`, {
      method: "PUT",
      token: token.pm,
      json: { water_policy: "Water for all" },
      ...item(companyB),
    });
    expect(put.status).toBe(200);
    expect((put.body as Body<{ water_policy: string }>).data.water_policy).toBe("Water for all");
    const colPut = await call(companyRoute.PUT, `companies/${companyA}`, {
      method: "PUT",
      token: token.colA,
      json: { name: "Mine" },
      ...item(companyA),
    });
    expect(colPut.status).toBe(403);
    const [lonely] = await db
      .insert(schema.companies)
      .values({ name: "Api Lonely", countryId: dk })
      .returning();
    const del = await call(companyRoute.DELETE, `companies/${lonely.id}`, {
      method: "DELETE",
      token: token.pm,
      ...item(lonely.id),
    });
    expect(del.status).toBe(200);
    expect((del.body as Body<{ archived: boolean }>).data.archived).toBe(false);
  });

  it("users: 5 a page; overview for the company's own contact", async () => {
    const users = await call(usersRoute.GET, `companies/${companyA}/users`, {
      token: token.pm,
      ...item(companyA),
    });
    expect(users.status).toBe(200);
    expect((users.body as Body<unknown[]>).meta?.per_page).toBe(5);
    expect((users.body as Body<unknown[]>).data).toHaveLength(1);
    const crew = await call(usersRoute.GET, `companies/${companyA}/users`, {
      token: token.crew,
      ...item(companyA),
    });
    expect(crew.status).toBe(403);
    const overview = await call(overviewRoute.GET, `companies/${companyA}/overview`, {
      token: token.colA,
      ...item(companyA),
    });
    expect(overview.status).toBe(200);
    const otherOverview = await call(overviewRoute.GET, `companies/${companyA}/overview`, {
      token: token.colB,
      ...item(companyA),
    });
    expect(otherOverview.status).toBe(404);
  });
});

describe("preferred skills", () => {
  it("saves and reads the ordered list; a missing query is 422 with the spec's message", async () => {
    const missing = await call(prefRoute.POST, "companies/preferred-skills", {
      token: token.pm,
      json: { company_id: companyA },
    });
    expect(missing.status).toBe(422);
    expect(expectErrorBody(missing).message).toBe("Query is a required parameter");
    const saved = await call(prefRoute.POST, "companies/preferred-skills", {
      token: token.pm,
      json: { company_id: companyA, query: [skill] },
    });
    expect(saved.status).toBe(200);
    const read = await call(prefItemRoute.GET, `companies/preferred-skills/${companyA}`, {
      token: token.colA,
      ...item(companyA),
    });
    expect((read.body as Body<{ id: number }[]>).data.map((s) => s.id)).toEqual([skill]);
    const other = await call(prefItemRoute.GET, `companies/preferred-skills/${companyA}`, {
      token: token.colB,
      ...item(companyA),
    });
    expect(other.status).toBe(404);
    const colSave = await call(prefRoute.POST, "companies/preferred-skills", {
      token: token.colA,
      json: { company_id: companyA, query: [] },
    });
    expect(colSave.status).toBe(403);
  });
});

describe("files", () => {
  it("uploads (multipart), downloads under its name for who may see the company, deletes", async () => {
    const form = new FormData();
    form.set("file", new File([new Uint8Array(samplePdf("Contract"))], "contract.pdf"));
    const request = new NextRequest(new URL(`/api/v2/companies/${companyA}/files`, "http://x"), {
      method: "POST",
      headers: { authorization: `Bearer ${token.pm}` },
      body: form,
    });
    const up = await filesRoute.POST(request, {
      params: Promise.resolve({ id: String(companyA) }),
    });
    expect(up.status).toBe(201);
    const fileId = ((await up.json()) as Body<{ id: number }>).data.id;
    const params = { params: { id: String(companyA), fileId: String(fileId) } };
    const down = await call(fileRoute.GET, `companies/${companyA}/files/${fileId}`, {
      token: token.colA,
      ...params,
    });
    expect(down.status).toBe(200);
    expect(down.headers.get("content-type")).toBe("application/pdf");
    expect(down.headers.get("content-disposition")).toContain("contract.pdf");
    const other = await call(fileRoute.GET, `companies/${companyA}/files/${fileId}`, {
      token: token.colB,
      ...params,
    });
    expect(other.status).toBe(404);
    const colDel = await call(fileRoute.DELETE, `companies/${companyA}/files/${fileId}`, {
      method: "DELETE",
      token: token.colA,
      ...params,
    });
    expect(colDel.status).toBe(403);
    const del = await call(fileRoute.DELETE, `companies/${companyA}/files/${fileId}`, {
      method: "DELETE",
      token: token.pm,
      ...params,
    });
    expect(del.status).toBe(200);
  });
});
