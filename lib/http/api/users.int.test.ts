import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schema, setDatabaseForTests, type Db, type DbHandle } from "@/db";
import { ROLE, type RoleTitle } from "@/lib/domain/permissions";
import { roleId } from "@/seed/reference";
import { issueApiToken } from "@/lib/services/auth/tokens";
import { testDatabase } from "@/lib/testing/db";
import { createCountryAndCompany, createUser } from "@/lib/testing/fixtures";
import { callRoute } from "@/lib/testing/route-request";
import * as usersRoute from "@/app/api/v2/users/route";
import * as userRoute from "@/app/api/v2/users/[id]/route";
import * as statusRoute from "@/app/api/v2/users/[id]/change-status/route";
import * as rolesRoute from "@/app/api/v2/userCreate/possible-roles/route";
import * as fieldsRoute from "@/app/api/v2/userCreate/fields/route";
import * as bookersRoute from "@/app/api/v2/search-bookers/route";
import * as mailRoute from "@/app/api/v2/sendMailToColAndPM/route";

let handle: DbHandle;
let db: Db;
let adminToken: string;
let pmToken: string;
let colToken: string;
let companyId: number;
let otherCompanyId: number;
let countryId: number;

const person = async (role: RoleTitle, extra: { companyId?: number; name?: string } = {}) => {
  const user = await createUser(db, { roles: [role], ...extra });
  return { ...user, token: (await issueApiToken(db, user.id, new Date())).access_token };
};

beforeAll(async () => {
  handle = await testDatabase();
  db = handle.db;
  setDatabaseForTests(handle);
  const { company, country } = await createCountryAndCompany(db, "Own Co");
  companyId = company.id;
  countryId = country.id;
  otherCompanyId = (
    await db.insert(schema.companies).values({ name: "Other Co", countryId }).returning()
  )[0].id;
  adminToken = (await person(ROLE.admin)).token;
  pmToken = (await person(ROLE.projectManager)).token;
  colToken = (await person(ROLE.client, { companyId, name: "Cora Col" })).token;
  await person(ROLE.client, { companyId: otherCompanyId, name: "Otto Other" });
});
afterAll(async () => {
  await handle?.close();
});

interface ListBody {
  data: { id: number; name: string; company: { id: number } | null }[];
  meta: { current_page: number; last_page: number; per_page: number; total: number };
}

describe("GET /api/v2/users", () => {
  it("answers the list envelope with paging meta", async () => {
    const res = await callRoute(usersRoute.GET, "users?perPage=2&page=1&sort=name&order=desc", {
      token: adminToken,
    });
    expect(res.status).toBe(200);
    const body = res.body as ListBody;
    expect(body.data).toHaveLength(2);
    expect(body.meta).toMatchObject({ current_page: 1, per_page: 2 });
    expect(body.meta.total).toBeGreaterThanOrEqual(4);
    const names = body.data.map((u) => u.name.toLowerCase());
    expect(names).toEqual([...names].sort().reverse());
  });

  it("answers 422 Badly formed data for a search that is not a string", async () => {
    for (const q of ["filter[search][]=x", "filter[search][a]=x"]) {
      const res = await callRoute(usersRoute.GET, `users?${q}`, { token: adminToken });
      expect(res.status, q).toBe(422);
      expect(res.body).toMatchObject({ message: "Badly formed data" });
    }
  });

  it("answers 422 for a bad page, perPage or sort, never a 500", async () => {
    for (const q of ["page=0", "perPage=101", "sort=password", "sub_skill=abc"]) {
      const res = await callRoute(usersRoute.GET, `users?${q}`, { token: adminToken });
      expect(res.status, q).toBe(422);
    }
  });

  it("keeps a client contact to its own company, whatever filter it sends", async () => {
    const res = await callRoute(usersRoute.GET, `users?filter[company_id]=${otherCompanyId}`, {
      token: colToken,
    });
    expect(res.status).toBe(200);
    expect((res.body as ListBody).data).toEqual([]);
    const own = await callRoute(usersRoute.GET, "users", { token: colToken });
    expect((own.body as ListBody).data.map((u) => u.name)).toEqual(["Cora Col"]);
  });

  it("gives a worker 403 and a caller without a token 401", async () => {
    const worker = await person(ROLE.worker);
    expect((await callRoute(usersRoute.GET, "users", { token: worker.token })).status).toBe(403);
    expect((await callRoute(usersRoute.GET, "users")).status).toBe(401);
  });
});

describe("the create wizard calls", () => {
  it("GET userCreate/possible-roles and userCreate/fields", async () => {
    const roles = await callRoute(rolesRoute.GET, "userCreate/possible-roles", { token: pmToken });
    expect(roles.status).toBe(200);
    const titles = (roles.body as { data: { title: string }[] }).data.map((r) => r.title);
    expect(titles).not.toContain(ROLE.admin);
    const fields = await callRoute(
      fieldsRoute.GET,
      `userCreate/fields?role=${encodeURIComponent(ROLE.client)}&step=company`,
      { token: pmToken },
    );
    expect(fields.status).toBe(200);
    expect(fields.body).toMatchObject({
      data: { step: { key: "company", fields: [{ name: "company_id", required: true }] } },
    });
    const bad = await callRoute(fieldsRoute.GET, "userCreate/fields?role=99999", {
      token: pmToken,
    });
    expect(bad.status).toBe(422);
  });

  it("POST users creates (201), then refuses the same e-mail (422 on email)", async () => {
    const body = {
      role_id: await roleId(db, ROLE.client),
      email: "new.col@example.test",
      password: "Strong!Pass1",
      first_name: "Nora",
      last_name: "New",
      company_id: companyId,
    };
    const res = await callRoute(usersRoute.POST, "users", { token: pmToken, json: body });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ data: { message: "User created successfully!" } });
    const again = await callRoute(usersRoute.POST, "users", { token: pmToken, json: body });
    expect(again.status).toBe(422);
    expect(again.body).toMatchObject({ errors: { email: ["The email has already been taken."] } });
    const malformed = await callRoute(usersRoute.POST, "users", {
      token: pmToken,
      rawBody: "{nope",
    });
    expect(malformed.status).toBe(400);
  });
});

describe("change-status and delete", () => {
  it("deactivating ends the user's token at once (401), reactivating lets a new one work", async () => {
    const col = await person(ROLE.client, { companyId });
    expect((await callRoute(usersRoute.GET, "users", { token: col.token })).status).toBe(200);
    const res = await callRoute(statusRoute.POST, `users/${col.id}/change-status`, {
      token: pmToken,
      json: { status: "deactivated" },
      params: { id: String(col.id) },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      data: { message: "User activated or deactivated successfully" },
    });
    expect((await callRoute(usersRoute.GET, "users", { token: col.token })).status).toBe(401);
    const back = await callRoute(statusRoute.POST, `users/${col.id}/change-status`, {
      token: pmToken,
      json: { status: "active" },
      params: { id: String(col.id) },
    });
    expect(back.status).toBe(200);
    // The old token stays revoked; a new sign-in works.
    expect((await callRoute(usersRoute.GET, "users", { token: col.token })).status).toBe(401);
    const fresh = (await issueApiToken(db, col.id, new Date())).access_token;
    expect((await callRoute(usersRoute.GET, "users", { token: fresh })).status).toBe(200);
  });

  it("DELETE archives (200 with the message), then 404; a bad id is 404", async () => {
    const gone = await person(ROLE.worker);
    const res = await callRoute(userRoute.DELETE, `users/${gone.id}`, {
      method: "DELETE",
      token: adminToken,
      params: { id: String(gone.id) },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ data: { message: "User deleted successfully" } });
    expect((await callRoute(usersRoute.GET, "users", { token: gone.token })).status).toBe(401);
    const again = await callRoute(userRoute.DELETE, `users/${gone.id}`, {
      method: "DELETE",
      token: adminToken,
      params: { id: String(gone.id) },
    });
    expect(again.status).toBe(404);
    const bad = await callRoute(userRoute.DELETE, "users/abc", {
      method: "DELETE",
      token: adminToken,
      params: { id: "abc" },
    });
    expect(bad.status).toBe(404);
  });
});

describe("search-bookers and sendMailToColAndPM", () => {
  it("lists bookers, refuses a non-string userName, mails only about a job in scope", async () => {
    const res = await callRoute(bookersRoute.GET, "search-bookers?userName=", { token: pmToken });
    expect(res.status).toBe(200);
    const bad = await callRoute(bookersRoute.GET, "search-bookers?userName[]=a", {
      token: pmToken,
    });
    expect(bad.status).toBe(422);
    expect(bad.body).toMatchObject({ message: "Badly formed data" });
    const mail = await callRoute(mailRoute.POST, "sendMailToColAndPM", {
      token: pmToken,
      json: { job_id: 999999, subject: "Hi", message: "There" },
    });
    expect(mail.status).toBe(404);
    const empty = await callRoute(mailRoute.POST, "sendMailToColAndPM", {
      token: pmToken,
      json: { job_id: 1 },
    });
    expect(empty.status).toBe(422);
  });
});
