import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schema, setDatabaseForTests, type Db, type DbHandle } from "@/db";
import { ROLE, type RoleTitle } from "@/lib/domain/permissions";
import { issueApiToken } from "@/lib/services/auth/tokens";
import { testDatabase } from "@/lib/testing/db";
import { createCountryAndCompany, createUser } from "@/lib/testing/fixtures";
import { callRoute, type ApiCall, type RouteHandler } from "@/lib/testing/route-request";
import * as listRoute from "@/app/api/v2/skills/route";
import * as itemRoute from "@/app/api/v2/skills/[id]/route";
import * as treeRoute from "@/app/api/v2/skills/tree/route";
import * as weightsRoute from "@/app/api/v2/skills/save-weights/route";

let handle: DbHandle;
let db: Db;
let adminToken: string;
let pmToken: string;
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
  pmToken = await tokenFor(ROLE.projectManager);
  workerToken = await tokenFor(ROLE.worker);
  clientToken = await tokenFor(ROLE.client, { companyId: company.id });
});
afterAll(async () => {
  await handle?.close();
});

const call = (handler: RouteHandler, path: string, c: ApiCall) =>
  callRoute(handler, `skills${path}`, c);
const item = (id: number | string) => ({ params: { id: String(id) } });
const post = (json: unknown, token = adminToken) =>
  call(listRoute.POST, "", { method: "POST", token, json });

interface SkillData {
  id: number;
  name: string;
  parent_id: number | null;
  order: number;
  message?: string;
  sub_skills?: { id: number; name: string }[];
}

describe("/api/v2/skills", () => {
  let parent: number;
  let a: number;
  let b: number;

  it("POST creates a parent and sub-skills with 201 and the spec's message", async () => {
    const res = await post({ name: "Pyrotechnics" });
    expect(res.status).toBe(201);
    const data = (res.body as { data: SkillData }).data;
    expect(data).toMatchObject({
      name: "Pyrotechnics",
      parent_id: null,
      sub_skills: [],
      message: "Skill added succesfully",
    });
    parent = data.id;
    a = ((await post({ name: "Shooter", parent_id: parent })).body as { data: SkillData }).data.id;
    b = ((await post({ name: "Fire watch", parent_id: parent })).body as { data: SkillData }).data
      .id;
  });

  it("POST answers a duplicate name under the same parent with 422, and bad JSON with 400", async () => {
    const dup = await post({ name: "SHOOTER", parent_id: parent });
    expect(dup.status).toBe(422);
    expect(dup.body).toMatchObject({
      errors: { name: ["This parent skill already has a sub-skill with this name."] },
    });
    const bad = await call(listRoute.POST, "", {
      method: "POST",
      token: adminToken,
      rawBody: '{"name": ',
    });
    expect(bad.status).toBe(400);
  });

  it("GET keeps the pickers' flat list by order for every signed-in user", async () => {
    const res = await callRoute(listRoute.GET, "skills?sort=order&order=asc", {
      token: workerToken,
    });
    expect(res.status).toBe(200);
    const names = (res.body as { data: SkillData[] }).data.map((s) => s.name);
    expect(names).toEqual(expect.arrayContaining(["Pyrotechnics", "Shooter", "Fire watch"]));
  });

  it("POST save-weights saves an order, and refuses another parent's id with 422", async () => {
    const ok = await call(weightsRoute.POST, "/save-weights", {
      method: "POST",
      token: adminToken,
      json: { ids: [b, a] },
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ data: { ids: [b, a], message: "Weights set successfully" } });
    const mixed = await call(weightsRoute.POST, "/save-weights", {
      method: "POST",
      token: adminToken,
      json: { ids: [a, parent] },
    });
    expect(mixed.status).toBe(422);
    expect(Object.keys((mixed.body as { errors: object }).errors)).toEqual(["ids"]);
  });

  it("GET tree pages the parents with their sub-skills in the saved order", async () => {
    const res = await call(treeRoute.GET, "/tree?filter[search]=pyro", { token: adminToken });
    expect(res.status).toBe(200);
    const body = res.body as { data: SkillData[]; meta: Record<string, number> };
    expect(body.meta).toEqual({ current_page: 1, last_page: 1, per_page: 10, total: 1 });
    expect(body.data[0].sub_skills?.map((s) => s.name)).toEqual(["Fire watch", "Shooter"]);
    const bad = await call(treeRoute.GET, "/tree?page=0", { token: adminToken });
    expect(bad.status).toBe(422);
  });

  it("GET and PUT /{id} answer 200, 404 for unknown or malformed ids, 422 for a blank name", async () => {
    const got = await call(itemRoute.GET, `/${a}`, { token: adminToken, ...item(a) });
    expect(got.status).toBe(200);
    expect((got.body as { data: SkillData }).data).toMatchObject({ id: a, name: "Shooter" });
    for (const bad of ["999999", "abc", "0"]) {
      const miss = await call(itemRoute.GET, `/${bad}`, { token: adminToken, ...item(bad) });
      expect(miss.status).toBe(404);
      expect(miss.body).toMatchObject({ message: "Skill not found.", type: "not_found" });
    }
    const put = await call(itemRoute.PUT, `/${a}`, {
      method: "PUT",
      token: adminToken,
      json: { name: "Licensed shooter" },
      ...item(a),
    });
    expect(put.status).toBe(200);
    expect((put.body as { data: SkillData }).data).toMatchObject({
      name: "Licensed shooter",
      message: "Skill Licensed shooter edited",
    });
    const blank = await call(itemRoute.PUT, `/${a}`, {
      method: "PUT",
      token: adminToken,
      json: { name: "" },
      ...item(a),
    });
    expect(blank.status).toBe(422);
  });

  it("answers 403 to a Project Manager, a Freelancer and a Client Contact on every write", async () => {
    for (const token of [pmToken, workerToken, clientToken]) {
      const results = await Promise.all([
        call(treeRoute.GET, "/tree", { token }),
        post({ name: "Sneaky" }, token),
        call(itemRoute.GET, `/${a}`, { token, ...item(a) }),
        call(itemRoute.PUT, `/${a}`, { method: "PUT", token, json: { name: "S" }, ...item(a) }),
        call(itemRoute.DELETE, `/${a}`, { method: "DELETE", token, ...item(a) }),
        call(weightsRoute.POST, "/save-weights", {
          method: "POST",
          token,
          json: { ids: [a, b] },
        }),
      ]);
      expect(results.map((r) => r.status)).toEqual([403, 403, 403, 403, 403, 403]);
    }
    expect((await callRoute(listRoute.GET, "skills", {})).status).toBe(401);
  });

  it("DELETE /{id}: 409 for a parent with sub-skills, archives a used one, removes an unused one", async () => {
    const del = (id: number) =>
      call(itemRoute.DELETE, `/${id}`, { method: "DELETE", token: adminToken, ...item(id) });
    const busy = await del(parent);
    expect(busy.status).toBe(409);
    expect(busy.body).toMatchObject({
      type: "skill_has_sub_skills",
      message: "This skill has 2 sub-skills and cannot be deleted. Delete its sub-skills first.",
    });
    const [country] = await db.select().from(schema.countries);
    const [company] = await db.select().from(schema.companies);
    const [job] = await db
      .insert(schema.jobs)
      .values({ name: "Finale", companyId: company.id, countryId: country.id })
      .returning();
    const [shift] = await db
      .insert(schema.shifts)
      .values({
        jobId: job.id,
        startsAt: new Date("2026-12-31T22:00:00Z"),
        endsAt: new Date("2027-01-01T02:00:00Z"),
      })
      .returning();
    await db.insert(schema.shiftSlots).values({ shiftId: shift.id, skillId: a, positions: 1 });
    expect((await del(a)).body).toEqual({
      data: { id: a, archived: true, message: "Skill deleted" },
    });
    expect((await del(b)).body).toEqual({
      data: { id: b, archived: false, message: "Skill deleted" },
    });
    expect((await del(b)).status).toBe(404);
    // The parent's only sub-skill left is archived: the parent is archived too, not removed.
    expect((await del(parent)).body).toMatchObject({ data: { archived: true } });
  });
});
