import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NextRequest } from "next/server";
import { and, eq } from "drizzle-orm";
import { schema, setDatabaseForTests, type DbHandle } from "@/db";
import { proxy } from "@/proxy";
import { ROLE } from "@/lib/domain/permissions";
import { putSetting } from "@/lib/services/settings";
import { testDatabase } from "@/lib/testing/db";
import { createUser } from "@/lib/testing/fixtures";
import { browserCookie } from "@/lib/testing/session-cookie";
import { roleId } from "@/seed/reference";

// The navigation guard as the browser meets it: proxy.ts on a real database.
let handle: DbHandle;

beforeAll(async () => {
  handle = await testDatabase();
  setDatabaseForTests(handle);
});
afterAll(async () => handle.close());

async function visit(path: string, userId?: number) {
  const headers = new Headers();
  if (userId) {
    headers.set("cookie", (await browserCookie(handle.db, userId)).cookie);
  }
  const res = await proxy(new NextRequest(`http://localhost${path}`, { headers }));
  const location = res.headers.get("location");
  const rewrite = res.headers.get("x-middleware-rewrite");
  if (rewrite) return `rewrite:${new URL(rewrite).pathname}`;
  return location ? new URL(location).pathname + new URL(location).search : "next";
}

describe("proxy.ts navigation guard", () => {
  it("sends a signed-out visitor to sign in, and lets public pages through", async () => {
    expect(await visit("/dashboard")).toBe("/sign-in?callbackUrl=%2Fdashboard");
    expect(await visit("/")).toBe("/sign-in");
    expect(await visit("/sign-in")).toBe("next");
    expect(await visit("/cookie-policy")).toBe("next");
  });

  it("lands each kind of user where spec §2 says", async () => {
    const worker = await createUser(handle.db, { roles: [ROLE.worker] });
    const pm = await createUser(handle.db, { roles: [ROLE.projectManager] });
    expect(await visit("/", worker.id)).toBe("/my-dashboard");
    expect(await visit("/dashboard", worker.id)).toBe("/my-dashboard?denied=dashboard");
    expect(await visit("/my-dashboard", worker.id)).toBe("next");
    expect(await visit("/", pm.id)).toBe("/dashboard");
    expect(await visit("/dashboard", pm.id)).toBe("next");
    expect(await visit("/roles", pm.id)).toBe("/dashboard?denied=roles");
  });

  it("shows a custom role without either dashboard the screens it can open, at /my-dashboard", async () => {
    const [role] = await handle.db
      .insert(schema.roles)
      .values({ title: `Help desk ${Date.now()}` })
      .returning();
    const [help] = await handle.db
      .select()
      .from(schema.permissions)
      .where(eq(schema.permissions.name, "help_access"));
    await handle.db
      .insert(schema.rolePermissions)
      .values({ roleId: role.id, permissionId: help.id });
    const user = await createUser(handle.db);
    await handle.db.insert(schema.userRoles).values({ userId: user.id, roleId: role.id });
    expect(await visit("/", user.id)).toBe("/my-dashboard");
    expect(await visit("/dashboard", user.id)).toBe("/my-dashboard?denied=dashboard");
    expect(await visit("/my-dashboard", user.id)).toBe("rewrite:/no-access");
    expect(await visit("/no-access", user.id)).toBe("/my-dashboard");
  });

  it("lets a client contact into /clients and client pages (the pages scope them); not a worker or a crew handler", async () => {
    const [a] = await handle.db
      .insert(schema.countries)
      .values({ name: "Guardland", isoCode: "GQ", currencyCode: "DKK", timeZone: "UTC" })
      .onConflictDoNothing()
      .returning();
    const countryId =
      a?.id ??
      (await handle.db.select().from(schema.countries).where(eq(schema.countries.isoCode, "GQ")))[0]
        .id;
    const [company] = await handle.db
      .insert(schema.companies)
      .values({ name: `Guard Co ${Date.now()}`, countryId })
      .returning();
    const col = await createUser(handle.db, { roles: [ROLE.client], companyId: company.id });
    const lone = await createUser(handle.db, { roles: [ROLE.client] });
    const worker = await createUser(handle.db, { roles: [ROLE.worker] });
    const crew = await createUser(handle.db, { roles: [ROLE.crewHandler] });
    expect(await visit("/clients", col.id)).toBe("next");
    expect(await visit(`/client/${company.id}`, col.id)).toBe("next");
    expect(await visit(`/client/${company.id + 1}/users`, col.id)).toBe("next");
    expect(await visit("/clients/new", col.id)).toBe("/dashboard?denied=clients-new");
    expect(await visit(`/client/${company.id}`, lone.id)).toBe("/dashboard?denied=client");
    expect(await visit(`/client/${company.id}`, worker.id)).toBe("/my-dashboard?denied=client");
    expect(await visit("/clients", crew.id)).toBe("/dashboard?denied=clients");
  });

  it("sends no HSTS while the public address is plain http", async () => {
    const res = await proxy(new NextRequest("http://localhost/sign-in"));
    expect(res.headers.get("content-security-policy")).toContain("'strict-dynamic'");
    expect(res.headers.get("strict-transport-security")).toBeNull();
  });

  it("lets unknown paths through to the 404 screen", async () => {
    const pm = await createUser(handle.db, { roles: [ROLE.projectManager] });
    expect(await visit("/no-such/page", pm.id)).toBe("next");
  });

  it("applies a permission change on the next navigation, without signing in again", async () => {
    const worker = await createUser(handle.db, { roles: [ROLE.worker] });
    expect(await visit("/calendar", worker.id)).toBe("next");
    const role = await roleId(handle.db, ROLE.worker);
    const [perm] = await handle.db
      .select()
      .from(schema.permissions)
      .where(eq(schema.permissions.name, "calendar_access"));
    await handle.db
      .delete(schema.rolePermissions)
      .where(
        and(
          eq(schema.rolePermissions.roleId, role),
          eq(schema.rolePermissions.permissionId, perm.id),
        ),
      );
    try {
      expect(await visit("/calendar", worker.id)).toBe("/my-dashboard?denied=calendar");
    } finally {
      await handle.db
        .insert(schema.rolePermissions)
        .values({ roleId: role, permissionId: perm.id });
    }
    expect(await visit("/calendar", worker.id)).toBe("next");
  });

  it("signs out a deactivated user at once", async () => {
    const worker = await createUser(handle.db, { roles: [ROLE.worker] });
    expect(await visit("/my-dashboard", worker.id)).toBe("next");
    await handle.db
      .update(schema.users)
      .set({ status: "deactivated" })
      .where(eq(schema.users.id, worker.id));
    expect(await visit("/my-dashboard", worker.id)).toBe("/sign-in?callbackUrl=%2Fmy-dashboard");
  });

  it("sends an administrator without TOTP to /otp/enable when the setting requires it", async () => {
    const admin = await createUser(handle.db, { roles: [ROLE.admin] });
    const pm = await createUser(handle.db, { roles: [ROLE.projectManager] });
    expect(await visit("/dashboard", admin.id)).toBe("next");
    await putSetting(handle.db, "two_factor_required_for_admins", true);
    try {
      expect(await visit("/dashboard", admin.id)).toBe("/otp/enable");
      expect(await visit("/otp/enable", admin.id)).toBe("next");
      expect(await visit("/dashboard", pm.id)).toBe("next");
      await handle.db
        .insert(schema.totpSecrets)
        .values({ userId: admin.id, secret: "JBSWY3DPEHPK3PXP", enabledAt: new Date() });
      expect(await visit("/dashboard", admin.id)).toBe("next");
    } finally {
      await putSetting(handle.db, "two_factor_required_for_admins", false);
    }
  });

  it("shows /maintenance to everyone but administrators while maintenance mode is on", async () => {
    const admin = await createUser(handle.db, { roles: [ROLE.admin] });
    const pm = await createUser(handle.db, { roles: [ROLE.projectManager] });
    const worker = await createUser(handle.db, { roles: [ROLE.worker] });
    await putSetting(handle.db, "maintenance_mode", true);
    try {
      expect(await visit("/jobs", pm.id)).toBe("/maintenance");
      expect(await visit("/my-dashboard", worker.id)).toBe("/maintenance");
      expect(await visit("/maintenance", pm.id)).toBe("next");
      expect(await visit("/settings", admin.id)).toBe("next");
      expect(await visit("/jobs", admin.id)).toBe("next");
      // Signed out: the sign-in screen stays open, so an administrator can get in.
      expect(await visit("/sign-in")).toBe("next");
    } finally {
      await putSetting(handle.db, "maintenance_mode", false);
    }
    expect(await visit("/jobs", pm.id)).toBe("next");
  });

  it("opens the job-notes tab to a crew boss of the job without job_notes_access", async () => {
    const worker = await createUser(handle.db, { roles: [ROLE.worker] });
    await handle.db
      .insert(schema.currencies)
      .values({ code: "DKK", name: "Danish krone", symbol: "kr." })
      .onConflictDoNothing();
    const [country] = await handle.db
      .insert(schema.countries)
      .values({
        name: "Denmark",
        isoCode: "DK",
        currencyCode: "DKK",
        timeZone: "Europe/Copenhagen",
      })
      .onConflictDoNothing()
      .returning();
    const countryId = country?.id ?? (await handle.db.select().from(schema.countries))[0].id;
    const [company] = await handle.db
      .insert(schema.companies)
      .values({ name: "Proxy Co", countryId })
      .returning();
    const [job] = await handle.db
      .insert(schema.jobs)
      .values({ name: "Proxy job", companyId: company.id, countryId })
      .returning();
    const [other] = await handle.db
      .insert(schema.jobs)
      .values({ name: "Other job", companyId: company.id, countryId })
      .returning();
    const start = new Date("2026-12-01T08:00:00Z");
    const [shift] = await handle.db
      .insert(schema.shifts)
      .values({ jobId: job.id, startsAt: start, endsAt: new Date(start.getTime() + 8 * 3600_000) })
      .returning();
    expect(await visit(`/jobs/${job.id}/job-notes`, worker.id)).toBe(
      "/my-dashboard?denied=jobs-job-notes",
    );
    await handle.db.insert(schema.shiftCrewBosses).values({ shiftId: shift.id, userId: worker.id });
    expect(await visit(`/jobs/${job.id}/job-notes`, worker.id)).toBe("next");
    expect(await visit(`/jobs/${other.id}/job-notes`, worker.id)).toBe(
      "/my-dashboard?denied=jobs-job-notes",
    );
    expect(await visit(`/jobs/not-a-number/job-notes`, worker.id)).toBe(
      "/my-dashboard?denied=jobs-job-notes",
    );
  });
});
