import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setDatabaseForTests, type Db, type DbHandle } from "@/db";
import { ROLE, type RoleTitle } from "@/lib/domain/permissions";
import { roleId } from "@/seed/reference";
import { issueApiToken } from "@/lib/services/auth/tokens";
import { testDatabase } from "@/lib/testing/db";
import { createCountryAndCompany, createUser } from "@/lib/testing/fixtures";
import { callRoute } from "@/lib/testing/route-request";
import * as rolesRoute from "@/app/api/v2/roles/route";
import * as roleRoute from "@/app/api/v2/roles/[id]/route";
import * as permissionsRoute from "@/app/api/v2/permissions/route";
import * as permissionRoute from "@/app/api/v2/permissions/[id]/route";

let handle: DbHandle;
let db: Db;
let adminToken: string;
let pmToken: string;
let workerToken: string;
let clientToken: string;

const tokenFor = async (role: RoleTitle, extra: { companyId?: number } = {}) =>
  (await issueApiToken(db, (await createUser(db, { roles: [role], ...extra })).id, new Date()))
    .access_token;
const item = (id: number | string) => ({ params: { id: String(id) } });

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

interface RoleData {
  id: number;
  title: string;
  permissions: string[];
  permission_ids: number[];
  users_count: number;
  message?: string;
}

describe("/api/v2/roles", () => {
  it("answers 401 without a token and 403 to a PM, a worker and a client contact", async () => {
    expect((await callRoute(rolesRoute.GET, "roles")).status).toBe(401);
    for (const token of [pmToken, workerToken, clientToken]) {
      expect((await callRoute(rolesRoute.GET, "roles", { token })).status).toBe(403);
      const post = await callRoute(rolesRoute.POST, "roles", {
        method: "POST",
        token,
        json: { title: "Nope" },
      });
      expect(post.status).toBe(403);
    }
  });

  it("creates (201), reads, updates and deletes a role", async () => {
    const perms = (
      (await callRoute(permissionsRoute.GET, "permissions?perPage=100", { token: adminToken }))
        .body as { data: { id: number; name: string }[] }
    ).data;
    const pick = (...names: string[]) =>
      perms.filter((p) => names.includes(p.name)).map((p) => p.id);
    const created = await callRoute(rolesRoute.POST, "roles", {
      method: "POST",
      token: adminToken,
      json: { title: "Warehouse Lead", permission_ids: pick("dashboard_access", "job_view") },
    });
    expect(created.status).toBe(201);
    const role = (created.body as { data: RoleData }).data;
    expect(role).toMatchObject({ title: "Warehouse Lead", message: "Role Warehouse Lead created" });

    const list = await callRoute(rolesRoute.GET, "roles?filter[search]=warehouse", {
      token: adminToken,
    });
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({
      data: [{ id: role.id, title: "Warehouse Lead", users_count: 0, permissions_count: 2 }],
      meta: { current_page: 1, last_page: 1, per_page: 10, total: 1 },
    });

    const put = await callRoute(roleRoute.PUT, `roles/${role.id}`, {
      method: "PUT",
      token: adminToken,
      json: {
        title: "Warehouse Lead",
        permission_ids: pick("dashboard_access", "job_view", "level_access"),
      },
      ...item(role.id),
    });
    expect(put.status).toBe(200);
    expect((put.body as { data: RoleData }).data.permissions).toHaveLength(3);

    const got = await callRoute(roleRoute.GET, `roles/${role.id}`, {
      token: adminToken,
      ...item(role.id),
    });
    expect((got.body as { data: RoleData }).data.permission_ids.sort()).toEqual(
      pick("dashboard_access", "job_view", "level_access").sort(),
    );

    const del = await callRoute(roleRoute.DELETE, `roles/${role.id}`, {
      method: "DELETE",
      token: adminToken,
      ...item(role.id),
    });
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ data: { id: role.id, message: "Role Warehouse Lead deleted" } });
  });

  it("answers 404 for bad ids, 422 for bad input, 409 for a role in use, 400 for bad JSON", async () => {
    for (const bad of ["999999", "abc"]) {
      const miss = await callRoute(roleRoute.GET, `roles/${bad}`, {
        token: adminToken,
        ...item(bad),
      });
      expect(miss.status).toBe(404);
      expect(miss.body).toMatchObject({ message: "Role not found.", type: "not_found" });
    }
    const empty = await callRoute(rolesRoute.POST, "roles", {
      method: "POST",
      token: adminToken,
      json: { title: " ", permission_ids: ["x"] },
    });
    expect(empty.status).toBe(422);
    expect((empty.body as { errors: Record<string, string[]> }).errors.title).toEqual([
      "The title field is required.",
    ]);
    const json = await callRoute(rolesRoute.POST, "roles", {
      method: "POST",
      token: adminToken,
      rawBody: "{",
    });
    expect(json.status).toBe(400);
    const workerRole = await roleId(db, ROLE.worker);
    const inUse = await callRoute(roleRoute.DELETE, `roles/${workerRole}`, {
      method: "DELETE",
      token: adminToken,
      ...item(workerRole),
    });
    expect(inUse.status).toBe(409);
    const adminRole = await roleId(db, ROLE.admin);
    const strip = await callRoute(roleRoute.PUT, `roles/${adminRole}`, {
      method: "PUT",
      token: adminToken,
      json: { title: ROLE.admin, permission_ids: [] },
      ...item(adminRole),
    });
    expect(strip.status).toBe(422);
    expect(strip.body).toMatchObject({
      message: "The Administrator role always holds every permission.",
    });
  });
});

describe("/api/v2/permissions", () => {
  it("answers 403 to a PM, a worker and a client contact", async () => {
    for (const token of [pmToken, workerToken, clientToken])
      expect((await callRoute(permissionsRoute.GET, "permissions", { token })).status).toBe(403);
  });

  it("creates a custom permission, refuses to delete a code one (409), deletes the custom one", async () => {
    const created = await callRoute(permissionsRoute.POST, "permissions", {
      method: "POST",
      token: adminToken,
      json: { name: "export_payroll", description: "Payroll integration" },
    });
    expect(created.status).toBe(201);
    const id = (created.body as { data: { id: number } }).data.id;
    const list = await callRoute(permissionsRoute.GET, "permissions?filter[search]=payroll", {
      token: adminToken,
    });
    expect(list.body).toMatchObject({
      data: [{ id, name: "export_payroll", built_in: false, roles: [{ title: ROLE.admin }] }],
    });
    const first = (
      (await callRoute(permissionsRoute.GET, "permissions", { token: adminToken })).body as {
        data: { id: number; built_in: boolean }[];
      }
    ).data[0];
    const code = await callRoute(permissionRoute.DELETE, `permissions/${first.id}`, {
      method: "DELETE",
      token: adminToken,
      ...item(first.id),
    });
    expect(code.status).toBe(409);
    expect(code.body).toMatchObject({ type: "code_permission" });
    const bad = await callRoute(permissionRoute.PUT, `permissions/${id}`, {
      method: "PUT",
      token: adminToken,
      json: { name: "Not Valid" },
      ...item(id),
    });
    expect(bad.status).toBe(422);
    const del = await callRoute(permissionRoute.DELETE, `permissions/${id}`, {
      method: "DELETE",
      token: adminToken,
      ...item(id),
    });
    expect(del.status).toBe(200);
    const gone = await callRoute(permissionRoute.GET, `permissions/${id}`, {
      token: adminToken,
      ...item(id),
    });
    expect(gone.status).toBe(404);
  });
});
