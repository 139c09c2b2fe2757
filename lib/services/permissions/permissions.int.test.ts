import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, desc, eq } from "drizzle-orm";
import { schema, type Db, type DbHandle } from "@/db";
import { ALL_PERMISSIONS, ROLE, type RoleTitle } from "@/lib/domain/permissions";
import { roleId } from "@/seed/reference";
import { testDatabase } from "@/lib/testing/db";
import { createCountryAndCompany, createUser, ctxFor } from "@/lib/testing/fixtures";
import { appErrorOf } from "@/lib/testing/app-error";
import type { Ctx } from "../context";
import { getRole } from "../roles";
import {
  createPermission,
  deletePermission,
  getPermission,
  listPermissions,
  updatePermission,
} from ".";

const now = new Date("2026-05-04T10:00:00Z");
let handle: DbHandle;
let db: Db;
let admin: Ctx;
let pm: Ctx;
let worker: Ctx;
let client: Ctx;
let jobViewId: number;

const ctxOf = async (role: RoleTitle, extra: { companyId?: number } = {}) =>
  ctxFor(db, (await createUser(db, { roles: [role], ...extra })).id, { now });

async function lastLog(subjectId: number) {
  const [row] = await db
    .select()
    .from(schema.activityLog)
    .where(
      and(
        eq(schema.activityLog.logName, "permissions"),
        eq(schema.activityLog.subjectId, subjectId),
      ),
    )
    .orderBy(desc(schema.activityLog.id))
    .limit(1);
  return row;
}

beforeAll(async () => {
  handle = await testDatabase();
  db = handle.db;
  const { company } = await createCountryAndCompany(db);
  admin = await ctxOf(ROLE.admin);
  pm = await ctxOf(ROLE.projectManager);
  worker = await ctxOf(ROLE.worker);
  client = await ctxOf(ROLE.client, { companyId: company.id });
  const [row] = await db
    .select()
    .from(schema.permissions)
    .where(eq(schema.permissions.name, "job_view"));
  jobViewId = row.id;
});
afterAll(async () => {
  await handle?.close();
});

describe("permissions of the permission verbs", () => {
  it.each([
    ["project manager", () => pm],
    ["worker", () => worker],
    ["client contact", () => client],
  ])("answers 403 to a %s for every verb", async (_who, get) => {
    const ctx = get();
    for (const call of [
      () => listPermissions(ctx, {}),
      () => getPermission(ctx, jobViewId),
      () => createPermission(ctx, { name: "sneaky" }),
      () => updatePermission(ctx, jobViewId, { name: "job_view", description: "x" }),
      () => deletePermission(ctx, jobViewId),
    ]) {
      expect((await appErrorOf(call())).status).toBe(403);
    }
    expect(
      await db.select().from(schema.permissions).where(eq(schema.permissions.name, "sneaky")),
    ).toEqual([]);
  });
});

describe("listPermissions", () => {
  it("sorts by id, 10 a page, with the roles holding each and whether the code checks it", async () => {
    const page = await listPermissions(admin, {});
    expect(page.meta).toMatchObject({
      current_page: 1,
      per_page: 10,
      total: ALL_PERMISSIONS.length,
    });
    const idsOnPage = page.items.map((p) => p.id);
    expect(idsOnPage).toEqual([...idsOnPage].sort((a, b) => a - b));
    const first = page.items[0];
    expect(first.built_in).toBe(true);
    expect(first.group).toBe("Work");
    const jobView = (await getPermission(admin, String(jobViewId))).roles.map((r) => r.title);
    expect(jobView).toEqual([ROLE.admin, ROLE.projectManager, ROLE.crewHandler, ROLE.client]);
  });

  it("searches the name and description", async () => {
    const found = await listPermissions(admin, { filter: { search: "dress" } });
    expect(found.items.map((p) => p.name)).toEqual(["dresscode_access"]);
    expect((await appErrorOf(listPermissions(admin, { perPage: 1000 }))).status).toBe(422);
  });
});

describe("createPermission", () => {
  it("adds a permission the Administrator holds at once, and logs it", async () => {
    const created = await createPermission(admin, {
      name: " export_payroll ",
      description: "Lets the payroll integration read approved hours.",
    });
    expect(created).toMatchObject({
      name: "export_payroll",
      built_in: false,
      group: null,
      roles: [{ title: ROLE.admin }],
      message: "Permission export_payroll created",
    });
    expect((await getRole(admin, await roleId(db, ROLE.admin))).permissions).toContain(
      "export_payroll",
    );
    expect((await lastLog(created.id)).description).toBe('Created permission "export_payroll"');
  });

  it.each([
    [
      { name: "Export" },
      "The name may hold only lower-case letters, digits and underscores, and must start with a letter.",
    ],
    [
      { name: "1abc" },
      "The name may hold only lower-case letters, digits and underscores, and must start with a letter.",
    ],
    [
      { name: "has space" },
      "The name may hold only lower-case letters, digits and underscores, and must start with a letter.",
    ],
    [{}, "The name field is required."],
    [{ name: 12 }, "The name must be a string."],
    [{ name: "job_view" }, "A permission with this name already exists."],
  ])("answers 422 for %j", async (body, message) => {
    const err = await appErrorOf(createPermission(admin, body));
    expect(err.status).toBe(422);
    expect(err.errors?.name).toEqual([message]);
  });
});

describe("updatePermission", () => {
  it("changes the description of a code permission but never its name", async () => {
    const ok = await updatePermission(admin, jobViewId, {
      name: "job_view",
      description: "Jobs list and details",
    });
    expect(ok).toMatchObject({
      description: "Jobs list and details",
      message: "Permission job_view edited",
    });
    expect((await lastLog(jobViewId)).properties).toMatchObject({
      attributes: { description: "Jobs list and details" },
    });
    const err = await appErrorOf(updatePermission(admin, jobViewId, { name: "jobs_view" }));
    expect(err.status).toBe(422);
    expect(err.errors?.name).toEqual([
      "The name of a permission Crewdeck's code checks cannot change.",
    ]);
    expect((await getPermission(admin, jobViewId)).name).toBe("job_view");
  });

  it("renames a custom permission, but not onto a taken name", async () => {
    const p = await createPermission(admin, { name: "sync_crm" });
    const renamed = await updatePermission(admin, p.id, {
      name: "sync_hubspot",
      description: null,
    });
    expect(renamed.name).toBe("sync_hubspot");
    const err = await appErrorOf(updatePermission(admin, p.id, { name: "job_view" }));
    expect(err.status).toBe(422);
    expect((await appErrorOf(updatePermission(admin, 999999, { name: "x" }))).status).toBe(404);
  });
});

describe("deletePermission", () => {
  it("answers 409 for a permission the code checks and keeps it", async () => {
    const err = await appErrorOf(deletePermission(admin, jobViewId));
    expect(err.status).toBe(409);
    expect(err.type).toBe("code_permission");
    expect(err.message).toBe(
      "The permission “job_view” is checked by Crewdeck's code and cannot be deleted.",
    );
    expect((await getPermission(admin, jobViewId)).name).toBe("job_view");
  });

  it("deletes a custom permission with its role grants, logging who held it", async () => {
    const p = await createPermission(admin, { name: "kiosk_mode" });
    const pmRole = await roleId(db, ROLE.projectManager);
    await db.insert(schema.rolePermissions).values({ roleId: pmRole, permissionId: p.id });
    expect(await deletePermission(admin, String(p.id))).toEqual({
      id: p.id,
      message: "Permission kiosk_mode deleted",
    });
    expect((await appErrorOf(getPermission(admin, p.id))).status).toBe(404);
    expect(
      await db
        .select()
        .from(schema.rolePermissions)
        .where(eq(schema.rolePermissions.permissionId, p.id)),
    ).toEqual([]);
    expect((await lastLog(p.id)).properties).toMatchObject({
      name: "kiosk_mode",
      roles: [ROLE.admin, ROLE.projectManager],
    });
  });

  it("answers 404 for an unknown or malformed id", async () => {
    for (const id of ["999999", "abc", "-3"])
      expect((await appErrorOf(deletePermission(admin, id))).status).toBe(404);
  });
});
