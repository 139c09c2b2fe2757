import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, inArray } from "drizzle-orm";
import { schema, type Db, type DbHandle } from "@/db";
import { ROLE } from "@/lib/domain/permissions";
import { testDatabase } from "@/lib/testing/db";
import { createUser, ctxFor } from "@/lib/testing/fixtures";
import { appErrorOf } from "@/lib/testing/app-error";
import type { Ctx } from "../context";
import { possibleRoles, validateUserStep } from "./create";
import { updateProfile } from "./profile-update";

let handle: DbHandle;
let db: Db;
let admin: Ctx;
let handler: Ctx;
let keysRole: number;
let plainRole: number;
let workerId: number;

/** A custom role: its title and the permissions it holds. */
async function role(title: string, perms: string[]): Promise<number> {
  const [r] = await db.insert(schema.roles).values({ title }).returning({ id: schema.roles.id });
  const rows = await db
    .select({ id: schema.permissions.id })
    .from(schema.permissions)
    .where(inArray(schema.permissions.name, perms));
  await db
    .insert(schema.rolePermissions)
    .values(rows.map((p) => ({ roleId: r.id, permissionId: p.id })));
  return r.id;
}

beforeAll(async () => {
  handle = await testDatabase();
  db = handle.db;
  admin = await ctxFor(db, (await createUser(db, { roles: [ROLE.admin] })).id);
  handler = await ctxFor(db, (await createUser(db, { roles: [ROLE.crewHandler] })).id);
  workerId = (await createUser(db, { roles: [ROLE.worker] })).id;
  keysRole = await role("Office Manager", ["dashboard_access", "role_access", "settings_access"]);
  plainRole = await role("Warehouse Crew", ["dashboard_access", "job_view", "help_access"]);
});
afterAll(async () => {
  await handle?.close();
});

describe("who may grant a role", () => {
  it("offers a crew handler no role that opens settings it cannot open itself", async () => {
    const forHandler = (await possibleRoles(handler)).map((r) => r.title);
    expect(forHandler).toContain("Warehouse Crew");
    expect(forHandler).toContain(ROLE.worker);
    expect(forHandler).not.toContain("Office Manager");
    expect((await possibleRoles(admin)).map((r) => r.title)).toContain("Office Manager");
  });

  it("refuses the wizard and the profile such a role with 403, and changes nothing", async () => {
    const step = await appErrorOf(validateUserStep(handler, { role_id: keysRole, step: "role" }));
    expect(step.status).toBe(403);
    expect(step.message).toBe(
      "Only an administrator can grant the role Office Manager: it opens settings you cannot open yourself.",
    );
    const edit = await appErrorOf(updateProfile(handler, workerId, { role_ids: [keysRole] }));
    expect(edit.status).toBe(403);
    const held = await db
      .select({ roleId: schema.userRoles.roleId })
      .from(schema.userRoles)
      .where(eq(schema.userRoles.userId, workerId));
    expect(held.map((h) => h.roleId)).not.toContain(keysRole);
    // A role within the handler's reach is fine; an administrator may grant either.
    await updateProfile(handler, workerId, { role_ids: [plainRole] });
    await updateProfile(admin, workerId, { role_ids: [plainRole, keysRole] });
  });
});
