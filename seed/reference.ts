import { and, eq, inArray } from "drizzle-orm";
import * as schema from "@/db/schema";
import type { Db } from "@/db/client";
import {
  ALL_PERMISSIONS,
  DEFAULT_ROLE_PERMISSIONS,
  PERMISSIONS,
  ROLE,
  ROLE_DESCRIPTIONS,
  type RoleTitle,
} from "@/lib/domain/permissions";
import { hashPassword } from "@/lib/auth/password";

/**
 * Reference data every installation needs, applied at every start and idempotent: all
 * permission strings, the five built-in roles (their permission sets only when the role is
 * new, so edits under /roles survive restarts), and the ISO 4217 currencies so a fresh
 * installation can add its first country. Runs in production too.
 */
export async function ensureReferenceData(db: Db): Promise<void> {
  await db.insert(schema.currencies).values(isoCurrencies()).onConflictDoNothing();

  await db
    .insert(schema.permissions)
    .values(ALL_PERMISSIONS.map((name) => ({ name, description: PERMISSIONS[name].opens })))
    .onConflictDoNothing({ target: schema.permissions.name });

  const titles = Object.keys(DEFAULT_ROLE_PERMISSIONS) as RoleTitle[];
  const created = await db
    .insert(schema.roles)
    .values(titles.map((title) => ({ title, description: ROLE_DESCRIPTIONS[title] })))
    .onConflictDoNothing({ target: schema.roles.title })
    .returning({ id: schema.roles.id, title: schema.roles.title });

  const perms = await db
    .select({ id: schema.permissions.id, name: schema.permissions.name })
    .from(schema.permissions);
  const permId = new Map(perms.map((p) => [p.name, p.id]));
  const rows = created.flatMap((role) =>
    DEFAULT_ROLE_PERMISSIONS[role.title as RoleTitle].map((name) => ({
      roleId: role.id,
      permissionId: permId.get(name)!,
    })),
  );
  // The administrator holds every permission, including ones added by later releases.
  const [admin] = await db
    .select({ id: schema.roles.id })
    .from(schema.roles)
    .where(eq(schema.roles.title, ROLE.admin));
  if (admin) rows.push(...perms.map((p) => ({ roleId: admin.id, permissionId: p.id })));
  if (rows.length) await db.insert(schema.rolePermissions).values(rows).onConflictDoNothing();
}

export async function roleId(db: Db, title: RoleTitle): Promise<number> {
  const [row] = await db
    .select({ id: schema.roles.id })
    .from(schema.roles)
    .where(eq(schema.roles.title, title));
  if (!row) throw new Error(`Role ${title} is missing; run ensureReferenceData first.`);
  return row.id;
}

/** ADMIN_EMAIL / ADMIN_PASSWORD make a first administrator when none exists yet. */
export async function ensureFirstAdmin(
  db: Db,
  email?: string,
  password?: string,
): Promise<boolean> {
  if (!email || !password) return false;
  const adminRole = await roleId(db, ROLE.admin);
  const existing = await db
    .select({ userId: schema.userRoles.userId })
    .from(schema.userRoles)
    .where(eq(schema.userRoles.roleId, adminRole))
    .limit(1);
  if (existing.length) return false;
  const lower = email.trim().toLowerCase();
  const [taken] = await db
    .select({ id: schema.users.id })
    .from(schema.users)
    .where(eq(schema.users.email, lower));
  const userId =
    taken?.id ??
    (
      await db
        .insert(schema.users)
        .values({
          email: lower,
          name: "Administrator",
          passwordHash: await hashPassword(password),
          approved: true,
          status: "active",
        })
        .returning({ id: schema.users.id })
    )[0].id;
  await db.insert(schema.userRoles).values({ userId, roleId: adminRole }).onConflictDoNothing();
  return true;
}

export async function userHasRole(db: Db, userId: number, titles: RoleTitle[]): Promise<boolean> {
  const rows = await db
    .select({ id: schema.roles.id })
    .from(schema.userRoles)
    .innerJoin(schema.roles, eq(schema.roles.id, schema.userRoles.roleId))
    .where(and(eq(schema.userRoles.userId, userId), inArray(schema.roles.title, titles)));
  return rows.length > 0;
}

/**
 * The ISO 4217 currencies in use, with English names, narrow symbols and minor units, from
 * the runtime's ICU data rather than a hand-kept table. Existing rows are left as they are.
 */
export function isoCurrencies(): {
  code: string;
  name: string;
  symbol: string;
  minorUnits: number;
}[] {
  const names = new Intl.DisplayNames("en", { type: "currency" });
  return Intl.supportedValuesOf("currency").map((code) => {
    const format = new Intl.NumberFormat("en", {
      style: "currency",
      currency: code,
      currencyDisplay: "narrowSymbol",
    });
    const symbol = format.formatToParts(1).find((p) => p.type === "currency")?.value ?? code;
    return {
      code,
      name: names.of(code) ?? code,
      symbol,
      minorUnits: format.resolvedOptions().maximumFractionDigits ?? 2,
    };
  });
}
