import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, desc, eq } from "drizzle-orm";
import { schema, type Db, type DbHandle } from "@/db";
import { ALL_PERMISSIONS, ROLE, type RoleTitle } from "@/lib/domain/permissions";
import { roleId } from "@/seed/reference";
import { testDatabase } from "@/lib/testing/db";
import { createCountryAndCompany, createUser, ctxFor } from "@/lib/testing/fixtures";
import { appErrorOf } from "@/lib/testing/app-error";
import type { Ctx } from "../context";
import { createRole, deleteRole, getRole, listRoles, rolePermissionChoices, updateRole } from ".";

const now = new Date("2026-05-04T10:00:00Z");
let handle: DbHandle;
let db: Db;
let admin: Ctx;
let pm: Ctx;
let worker: Ctx;
let client: Ctx;
let permId: Map<string, number>;

const ctxOf = async (role: RoleTitle, extra: { companyId?: number } = {}) =>
  ctxFor(db, (await createUser(db, { roles: [role], ...extra })).id, { now });
const ids = (...names: string[]) => names.map((n) => permId.get(n)!);

async function lastLog(subjectId: number) {
  const [row] = await db
    .select()
    .from(schema.activityLog)
    .where(
      and(eq(schema.activityLog.logName, "roles"), eq(schema.activityLog.subjectId, subjectId)),
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
  const perms = await db.select().from(schema.permissions);
  permId = new Map(perms.map((p) => [p.name, p.id]));
});
afterAll(async () => {
  await handle?.close();
});

describe("permissions of the role verbs", () => {
  it.each([
    ["project manager", () => pm],
    ["worker", () => worker],
    ["client contact", () => client],
  ])("answers 403 to a %s for every verb", async (_who, ctxOf) => {
    const ctx = ctxOf();
    const adminRole = await roleId(db, ROLE.admin);
    for (const call of [
      listRoles(ctx, {}),
      getRole(ctx, adminRole),
      createRole(ctx, { title: "Sneaky" }),
      updateRole(ctx, adminRole, { title: ROLE.admin }),
      deleteRole(ctx, adminRole),
      rolePermissionChoices(ctx),
    ]) {
      expect((await appErrorOf(call)).status).toBe(403);
    }
    expect(await db.select().from(schema.roles).where(eq(schema.roles.title, "Sneaky"))).toEqual(
      [],
    );
  });
});

describe("listRoles", () => {
  it("lists by id with the users holding each and its permission count, 10 a page", async () => {
    const page = await listRoles(admin, {});
    expect(page.meta.per_page).toBe(10);
    expect(page.items.slice(0, 5).map((r) => r.title)).toEqual([
      ROLE.admin,
      ROLE.projectManager,
      ROLE.crewHandler,
      ROLE.client,
      ROLE.worker,
    ]);
    const adminRow = page.items[0];
    expect(adminRow).toMatchObject({ built_in: true, all_permissions: true });
    expect(adminRow.permissions_count).toBe(permId.size);
    expect(adminRow.users_count).toBeGreaterThanOrEqual(1);
    const workerRow = page.items.find((r) => r.title === ROLE.worker)!;
    expect(workerRow).toMatchObject({
      built_in: true,
      all_permissions: false,
      permissions_count: 5,
    });
  });

  it("searches titles case-insensitively and pages", async () => {
    const found = await listRoles(admin, { filter: { search: "MANAGER" } });
    expect(found.items.map((r) => r.title)).toEqual([ROLE.projectManager]);
    const paged = await listRoles(admin, { perPage: 2, page: 2 });
    expect(paged.items.map((r) => r.title)).toEqual([ROLE.crewHandler, ROLE.client]);
    expect((await appErrorOf(listRoles(admin, { page: "0" }))).status).toBe(422);
  });
});

describe("getRole", () => {
  it("answers a role with its permission ids and names", async () => {
    const role = await getRole(admin, String(await roleId(db, ROLE.worker)));
    expect([...role.permissions].sort()).toEqual(
      [
        "my_dashboard_access",
        "calendar_access",
        "help_access",
        "has_live_chat",
        "can_invite_workers",
      ].sort(),
    );
    expect(role.permission_ids).toEqual(role.permissions.map((n) => permId.get(n)));
  });

  it.each([["999999"], ["abc"], ["-1"], ["1.5"], [undefined], ["99999999999999"]])(
    "answers 404 for the id %s",
    async (id) => {
      const err = await appErrorOf(getRole(admin, id));
      expect(err.status).toBe(404);
      expect(err.message).toBe("Role not found.");
    },
  );
});

describe("rolePermissionChoices", () => {
  it("groups every permission as the catalogue says, with the sentence of what it opens", async () => {
    const groups = await rolePermissionChoices(admin);
    expect(groups.map((g) => g.label)).toEqual([
      "Work",
      "People",
      "Clients",
      "Money",
      "Insights",
      "Settings",
    ]);
    const all = groups.flatMap((g) => g.permissions.map((p) => p.name));
    expect(all.sort()).toEqual([...ALL_PERMISSIONS].sort());
    const jobView = groups[0].permissions.find((p) => p.name === "job_view");
    expect(jobView?.opens).toBe("Opens the jobs list and a job's details, shifts and crew.");
  });
});

describe("createRole", () => {
  it("creates a role with its permissions, answers the message and logs the names", async () => {
    const created = await createRole(admin, {
      title: "  Warehouse Lead ",
      description: "Runs the warehouse",
      permission_ids: ids("dashboard_access", "job_view", "level_access", "job_view"),
    });
    expect(created).toMatchObject({
      title: "Warehouse Lead",
      description: "Runs the warehouse",
      users_count: 0,
      permissions_count: 3,
      built_in: false,
      message: "Role Warehouse Lead created",
    });
    expect(created.permissions).toEqual(
      ["dashboard_access", "job_view", "level_access"].sort(
        (a, b) => permId.get(a)! - permId.get(b)!,
      ),
    );
    const log = await lastLog(created.id);
    expect(log.description).toBe('Created role "Warehouse Lead"');
    expect((log.properties as { permissions: string[] }).permissions.sort()).toEqual(
      ["dashboard_access", "job_view", "level_access"].sort(),
    );
  });

  it("answers 422 for a title taken regardless of case, a missing title and unknown permissions", async () => {
    const dup = await appErrorOf(createRole(admin, { title: "warehouse lead" }));
    expect(dup.status).toBe(422);
    expect(dup.errors).toEqual({ title: ["A role with this title already exists."] });
    const builtIn = await appErrorOf(createRole(admin, { title: "ADMINISTRATOR" }));
    expect(builtIn.errors?.title).toEqual(["A role with this title already exists."]);
    const missing = await appErrorOf(createRole(admin, { description: "x" }));
    expect(missing.errors?.title).toEqual(["The title field is required."]);
    const unknown = await appErrorOf(
      createRole(admin, { title: "Ghost", permission_ids: [999999] }),
    );
    expect(unknown.status).toBe(422);
    expect(unknown.errors).toEqual({ permission_ids: ["The selected permission_ids is invalid."] });
    const wrongType = await appErrorOf(
      createRole(admin, { title: "Ghost", permission_ids: "all" }),
    );
    expect(wrongType.status).toBe(422);
    expect(await db.select().from(schema.roles).where(eq(schema.roles.title, "Ghost"))).toEqual([]);
  });

  it("lets a role holder who is not an administrator grant only permissions it holds", async () => {
    const [lead] = await db
      .insert(schema.roles)
      .values({ title: "Role Keeper" })
      .returning({ id: schema.roles.id });
    await db.insert(schema.rolePermissions).values(
      ids("role_access", "dashboard_access").map((permissionId) => ({
        roleId: lead.id,
        permissionId,
      })),
    );
    const keeperUser = await createUser(db);
    await db.insert(schema.userRoles).values({ userId: keeperUser.id, roleId: lead.id });
    const keeper = await ctxFor(db, keeperUser.id, { now });
    const denied = await appErrorOf(
      createRole(keeper, { title: "Escalated", permission_ids: ids("settings_access") }),
    );
    expect(denied.status).toBe(403);
    expect(denied.message).toBe(
      "You can only give a role permissions you hold yourself (not Agency settings: two-factor rule, maintenance mode, agency details).",
    );
    const ok = await createRole(keeper, {
      title: "Narrow",
      permission_ids: ids("dashboard_access"),
    });
    expect(ok.permissions).toEqual(["dashboard_access"]);
    const up = await appErrorOf(
      updateRole(keeper, lead.id, {
        title: "Role Keeper",
        permission_ids: ids("role_access", "dashboard_access", "salary_access"),
      }),
    );
    expect(up.status).toBe(403);
  });
});

describe("updateRole", () => {
  it("replaces title, description and permissions, logging before and after by name", async () => {
    const role = await createRole(admin, {
      title: "Night Desk",
      permission_ids: ids("job_view", "calendar_access"),
    });
    const updated = await updateRole(admin, String(role.id), {
      title: "Night Desk Lead",
      description: "Nights",
      permission_ids: ids("job_view", "approval_access"),
    });
    expect(updated).toMatchObject({
      title: "Night Desk Lead",
      description: "Nights",
      message: "Role Night Desk Lead edited",
    });
    expect([...updated.permissions].sort()).toEqual(["approval_access", "job_view"]);
    const log = await lastLog(role.id);
    expect(log.properties).toMatchObject({
      old: {
        title: "Night Desk",
        permissions: expect.arrayContaining(["job_view", "calendar_access"]),
      },
      attributes: {
        title: "Night Desk Lead",
        permissions: expect.arrayContaining(["job_view", "approval_access"]),
      },
      added: ["approval_access"],
      removed: ["calendar_access"],
    });
    const kept = await updateRole(admin, role.id, { title: "Night Desk Lead" });
    expect([...kept.permissions].sort()).toEqual(["approval_access", "job_view"]);
    expect(kept.description).toBeNull();
  });

  it("applies on the holder's next request: the actor is loaded with the new permissions", async () => {
    const role = await createRole(admin, {
      title: "Floor",
      permission_ids: ids("dashboard_access"),
    });
    const u = await createUser(db);
    await db.insert(schema.userRoles).values({ userId: u.id, roleId: role.id });
    const held = async () => {
      const actor = (await ctxFor(db, u.id)).actor;
      return actor?.kind === "user" ? [...actor.permissions] : [];
    };
    expect(await held()).toEqual(["dashboard_access"]);
    await updateRole(admin, role.id, {
      title: "Floor",
      permission_ids: ids("dashboard_access", "job_view"),
    });
    expect((await held()).sort()).toEqual(["dashboard_access", "job_view"]);
  });

  it("keeps every permission on the Administrator: leaving one out is a 422, nothing changes", async () => {
    const adminRole = await roleId(db, ROLE.admin);
    const err = await appErrorOf(
      updateRole(admin, adminRole, { title: ROLE.admin, permission_ids: ids("dashboard_access") }),
    );
    expect(err.status).toBe(422);
    expect(err.errors).toEqual({
      permission_ids: ["The Administrator role always holds every permission."],
    });
    expect((await getRole(admin, adminRole)).permissions_count).toBe(permId.size);
    const ok = await updateRole(admin, adminRole, {
      title: ROLE.admin,
      description: "Runs everything",
    });
    expect(ok).toMatchObject({ description: "Runs everything", permissions_count: permId.size });
  });

  it("keeps the titles of the built-in roles (422) but lets their permissions change", async () => {
    for (const title of [ROLE.admin, ROLE.worker, ROLE.client]) {
      const id = await roleId(db, title);
      const err = await appErrorOf(updateRole(admin, id, { title: `${title} 2` }));
      expect(err.status).toBe(422);
      expect(err.errors?.title?.[0]).toBe(
        `The title of the built-in role “${title}” cannot change: Crewdeck looks the role up by it.`,
      );
    }
    const workerRole = await roleId(db, ROLE.worker);
    const before = await getRole(admin, workerRole);
    const changed = await updateRole(admin, workerRole, {
      title: ROLE.worker,
      description: "Crew",
      permission_ids: [...before.permission_ids, ...ids("job_view")],
    });
    expect(changed.permissions).toContain("job_view");
    await updateRole(admin, workerRole, {
      title: ROLE.worker,
      permission_ids: before.permission_ids,
    });
  });

  it("answers 404 for an unknown role and 422 for a taken title", async () => {
    expect((await appErrorOf(updateRole(admin, 999999, { title: "X" }))).status).toBe(404);
    const a = await createRole(admin, { title: "Alpha team" });
    await createRole(admin, { title: "Beta team" });
    const err = await appErrorOf(updateRole(admin, a.id, { title: "BETA TEAM" }));
    expect(err.status).toBe(422);
    expect(err.errors?.title).toEqual(["A role with this title already exists."]);
  });
});

describe("deleteRole", () => {
  it("deletes a role nobody holds and logs it", async () => {
    const role = await createRole(admin, { title: "Temporary", permission_ids: ids("job_view") });
    expect(await deleteRole(admin, String(role.id))).toEqual({
      id: role.id,
      message: "Role Temporary deleted",
    });
    expect((await appErrorOf(getRole(admin, role.id))).status).toBe(404);
    expect((await lastLog(role.id)).properties).toMatchObject({
      title: "Temporary",
      permissions: ["job_view"],
    });
  });

  it("answers 409 naming how many users hold a role, and keeps it", async () => {
    const role = await createRole(admin, { title: "Busy" });
    for (let i = 0; i < 2; i++) {
      const u = await createUser(db);
      await db.insert(schema.userRoles).values({ userId: u.id, roleId: role.id });
    }
    const err = await appErrorOf(deleteRole(admin, role.id));
    expect(err.status).toBe(409);
    expect(err.type).toBe("role_in_use");
    expect(err.message).toMatch(/^This role is used by 2 users and cannot be deleted\./);
    expect((await getRole(admin, role.id)).users_count).toBe(2);
  });

  it("answers 409 for a role a help category is aimed at", async () => {
    const role = await createRole(admin, { title: "Readers" });
    await db.insert(schema.helpCategories).values({ name: "For readers", targetRoles: [role.id] });
    const err = await appErrorOf(deleteRole(admin, role.id));
    expect(err.status).toBe(409);
    expect(err.message).toMatch(/used by 1 help category/);
  });

  it("never deletes the Administrator nor another built-in role (409)", async () => {
    const adminErr = await appErrorOf(deleteRole(admin, await roleId(db, ROLE.admin)));
    expect(adminErr.status).toBe(409);
    expect(adminErr.message).toBe("The Administrator role cannot be deleted.");
    const crew = await appErrorOf(deleteRole(admin, await roleId(db, ROLE.crewHandler)));
    expect(crew.status).toBe(409);
    expect(crew.type).toBe("built_in_role");
  });

  it("answers 404 for an unknown or malformed id", async () => {
    for (const id of ["999999", "x", "0"])
      expect((await appErrorOf(deleteRole(admin, id))).status).toBe(404);
  });
});
