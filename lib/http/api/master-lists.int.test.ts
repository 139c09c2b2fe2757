import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { schema, setDatabaseForTests, type Db, type DbHandle } from "@/db";
import { ROLE, type RoleTitle } from "@/lib/domain/permissions";
import { issueApiToken } from "@/lib/services/auth/tokens";
import { testDatabase } from "@/lib/testing/db";
import { createCountryAndCompany, createUser } from "@/lib/testing/fixtures";
import { callRoute, type ApiCall, type RouteHandler } from "@/lib/testing/route-request";
import * as levelsRoute from "@/app/api/v2/levels/route";
import * as levelRoute from "@/app/api/v2/levels/[id]/route";
import * as weightsRoute from "@/app/api/v2/levels/saveWeights/route";
import * as languagesRoute from "@/app/api/v2/languages/route";
import * as languageRoute from "@/app/api/v2/languages/[id]/route";
import * as categoriesRoute from "@/app/api/v2/equipment-categories/route";
import * as categoryRoute from "@/app/api/v2/equipment-categories/[id]/route";

/** The REST contract of the levels, languages and equipment-categories lists (spec §7). */
let handle: DbHandle;
let db: Db;
let adminToken: string;
let pmToken: string;
let workerToken: string;
let clientToken: string;
let workerId: number;

const tokenFor = async (userId: number) =>
  (await issueApiToken(db, userId, new Date())).access_token;
const userToken = async (role: RoleTitle, extra: { companyId?: number } = {}) =>
  tokenFor((await createUser(db, { roles: [role], ...extra })).id);

beforeAll(async () => {
  handle = await testDatabase();
  db = handle.db;
  setDatabaseForTests(handle);
  const { company } = await createCountryAndCompany(db);
  adminToken = await userToken(ROLE.admin);
  pmToken = await userToken(ROLE.projectManager);
  workerId = (await createUser(db, { roles: [ROLE.worker] })).id;
  workerToken = await tokenFor(workerId);
  clientToken = await userToken(ROLE.client, { companyId: company.id });
});
afterAll(async () => {
  await handle?.close();
});

type Json = Record<string, unknown>;
const send = (
  handler: RouteHandler,
  path: string,
  method: ApiCall["method"],
  json?: unknown,
  id?: number | string,
) =>
  callRoute(handler, path, {
    method,
    token: adminToken,
    json,
    ...(id !== undefined ? { params: { id: String(id) } } : {}),
  });

describe("/api/v2/levels", () => {
  const ids: number[] = [];

  it("POST creates with 201, each new level at the top of the order", async () => {
    for (const name of ["Junior", "Senior", "Lead"]) {
      const res = await send(levelsRoute.POST, "levels", "POST", { name });
      expect(res.status).toBe(201);
      const data = (res.body as { data: Json }).data;
      expect(data).toMatchObject({ name, message: `Level ${name} created` });
      ids.push(data.id as number);
    }
    const dup = await send(levelsRoute.POST, "levels", "POST", { name: "junior" });
    expect(dup.status).toBe(422);
    expect(dup.body).toMatchObject({
      errors: { name: ["A level with this name already exists."] },
    });
  });

  it("POST levels/saveWeights saves the order; GET lists in it, paged or all=1 for pickers", async () => {
    const [junior, senior, lead] = ids;
    const res = await send(weightsRoute.POST, "levels/saveWeights", "POST", {
      ids: [senior, junior, lead],
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: { ids: [senior, junior, lead], message: "Weights set successfully" },
    });
    const list = await callRoute(levelsRoute.GET, "levels?perPage=2", { token: adminToken });
    expect(list.status).toBe(200);
    const body = list.body as { data: Json[]; meta: Json };
    expect(body.data.map((l) => l.name)).toEqual(["Senior", "Junior"]);
    expect(body.meta).toEqual({ current_page: 1, last_page: 2, per_page: 2, total: 3 });
    const picker = await callRoute(levelsRoute.GET, "levels?all=1", { token: workerToken });
    expect(picker.status).toBe(200);
    expect((picker.body as { data: Json[] }).data.map((l) => l.name)).toEqual([
      "Senior",
      "Junior",
      "Lead",
    ]);
    // An unknown id: 422, the order unchanged.
    const bad = await send(weightsRoute.POST, "levels/saveWeights", "POST", {
      ids: [junior, senior, 999999],
    });
    expect(bad.status).toBe(422);
    expect(bad.body).toMatchObject({ errors: { ids: [expect.any(String)] } });
    const after = await callRoute(levelsRoute.GET, "levels", { token: adminToken });
    expect((after.body as { data: Json[] }).data.map((l) => l.name)).toEqual([
      "Senior",
      "Junior",
      "Lead",
    ]);
    const get = await callRoute(weightsRoute.GET, "levels/saveWeights", { token: adminToken });
    expect(get.status).toBe(405);
  });

  it("GET, PUT, DELETE /{id}: 404 for unknown ids, archive when held", async () => {
    const [junior, , lead] = ids;
    const one = await send(levelRoute.GET, `levels/${junior}`, "GET", undefined, junior);
    expect((one.body as { data: Json }).data).toMatchObject({ name: "Junior", workers_count: 0 });
    const put = await send(levelRoute.PUT, `levels/${junior}`, "PUT", { name: "Trainee" }, junior);
    expect((put.body as { data: Json }).data).toMatchObject({
      name: "Trainee",
      message: "Level Trainee edited",
    });
    for (const bad of ["999999", "abc"]) {
      const miss = await send(levelRoute.GET, `levels/${bad}`, "GET", undefined, bad);
      expect(miss.status).toBe(404);
      expect(miss.body).toMatchObject({ message: "Level not found.", type: "not_found" });
    }
    const [skill] = await db.insert(schema.skills).values({ name: "Rigger" }).returning();
    await db
      .insert(schema.userSkills)
      .values({ userId: workerId, skillId: skill.id, levelId: junior });
    const held = await send(levelRoute.DELETE, `levels/${junior}`, "DELETE", undefined, junior);
    expect(held.body).toEqual({
      data: { id: junior, archived: true, message: "Level Trainee deleted" },
    });
    const free = await send(levelRoute.DELETE, `levels/${lead}`, "DELETE", undefined, lead);
    expect((free.body as { data: Json }).data).toMatchObject({ archived: false });
    const picker = await callRoute(levelsRoute.GET, "levels?all=1", { token: workerToken });
    expect((picker.body as { data: Json[] }).data.map((l) => l.name)).toEqual(["Senior"]);
    const [row] = await db.select().from(schema.levels).where(eq(schema.levels.id, junior));
    expect(row.archivedAt).not.toBeNull();
  });

  it("answers 403 to a Project Manager, a Freelancer and a Client Contact", async () => {
    const id = ids[1];
    for (const token of [pmToken, workerToken, clientToken]) {
      const results = await Promise.all([
        callRoute(levelsRoute.GET, "levels", { token }),
        callRoute(levelsRoute.POST, "levels", { method: "POST", token, json: { name: "S" } }),
        callRoute(levelRoute.GET, `levels/${id}`, { token, params: { id: String(id) } }),
        callRoute(levelRoute.PUT, `levels/${id}`, {
          method: "PUT",
          token,
          json: { name: "S" },
          params: { id: String(id) },
        }),
        callRoute(levelRoute.DELETE, `levels/${id}`, {
          method: "DELETE",
          token,
          params: { id: String(id) },
        }),
        callRoute(weightsRoute.POST, "levels/saveWeights", {
          method: "POST",
          token,
          json: { ids: [id] },
        }),
      ]);
      expect(results.map((r) => r.status)).toEqual([403, 403, 403, 403, 403, 403]);
    }
    expect((await callRoute(levelsRoute.GET, "levels", {})).status).toBe(401);
  });
});

describe("/api/v2/languages", () => {
  it("CRUD with the spec's sort by id, validation, 404s and 403s", async () => {
    const created = await send(languagesRoute.POST, "languages", "POST", {
      name: "Dutch",
      code: "nl",
    });
    expect(created.status).toBe(201);
    const id = (created.body as { data: Json }).data.id as number;
    await send(languagesRoute.POST, "languages", "POST", { name: "Danish", code: "da" });
    const bad = await send(languagesRoute.POST, "languages", "POST", { name: "X", code: "XX" });
    expect(bad.status).toBe(422);
    expect(Object.keys((bad.body as { errors: Json }).errors)).toEqual(["code"]);
    const list = await callRoute(languagesRoute.GET, "languages?filter[search]=d", {
      token: adminToken,
    });
    expect((list.body as { data: Json[] }).data.map((l) => l.name)).toEqual(["Dutch", "Danish"]);
    const put = await send(
      languageRoute.PUT,
      `languages/${id}`,
      "PUT",
      { name: "Nederlands", code: "nl" },
      id,
    );
    expect((put.body as { data: Json }).data).toMatchObject({
      message: "Language Nederlands edited",
    });
    expect((await send(languageRoute.GET, "languages/abc", "GET", undefined, "abc")).status).toBe(
      404,
    );
    const del = await send(languageRoute.DELETE, `languages/${id}`, "DELETE", undefined, id);
    expect(del.body).toEqual({
      data: { id, archived: false, message: "Language Nederlands deleted" },
    });
    for (const token of [pmToken, workerToken, clientToken]) {
      expect((await callRoute(languagesRoute.GET, "languages", { token })).status).toBe(403);
    }
    const picker = await callRoute(languagesRoute.GET, "languages?all=1", { token: clientToken });
    expect((picker.body as { data: Json[] }).data.map((l) => l.name)).toEqual(["Danish"]);
  });
});

describe("/api/v2/equipment-categories", () => {
  it("CRUD, duplicate names 422, malformed JSON 400, 403 without the permission", async () => {
    const created = await send(categoriesRoute.POST, "equipment-categories", "POST", {
      name: "Lighting",
      description: "Fixtures",
    });
    expect(created.status).toBe(201);
    const id = (created.body as { data: Json }).data.id as number;
    const dup = await send(categoriesRoute.POST, "equipment-categories", "POST", {
      name: "LIGHTING",
    });
    expect(dup.status).toBe(422);
    const raw = await callRoute(categoriesRoute.POST, "equipment-categories", {
      method: "POST",
      token: adminToken,
      rawBody: '{"name":',
    });
    expect(raw.status).toBe(400);
    const list = await callRoute(categoriesRoute.GET, "equipment-categories", {
      token: adminToken,
    });
    expect((list.body as { data: Json[]; meta: Json }).meta).toMatchObject({
      per_page: 10,
      total: 1,
    });
    const put = await send(
      categoryRoute.PUT,
      `equipment-categories/${id}`,
      "PUT",
      { name: "Light" },
      id,
    );
    expect((put.body as { data: Json }).data).toMatchObject({
      name: "Light",
      description: null,
      message: "Equipment category Light edited",
    });
    for (const token of [pmToken, workerToken, clientToken]) {
      const res = await callRoute(categoryRoute.DELETE, `equipment-categories/${id}`, {
        method: "DELETE",
        token,
        params: { id: String(id) },
      });
      expect(res.status).toBe(403);
    }
    const del = await send(
      categoryRoute.DELETE,
      `equipment-categories/${id}`,
      "DELETE",
      undefined,
      id,
    );
    expect(del.status).toBe(200);
    expect(
      (await send(categoryRoute.GET, `equipment-categories/${id}`, "GET", undefined, id)).status,
    ).toBe(404);
  });
});
