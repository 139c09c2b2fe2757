import { eq } from "drizzle-orm";
import { schema, type Db } from "@/db";
import { hashPassword } from "@/lib/auth/password";
import { roleId } from "@/seed/reference";
import type { RoleTitle } from "@/lib/domain/permissions";
import { loadActor, makeCtx, type Ctx } from "@/lib/services/context";
import { issueApiToken } from "@/lib/services/auth/tokens";

export const TEST_PASSWORD = "Crewdeck!2026";
let hashed: Promise<string> | undefined;
let seq = 0;

export interface UserFixture {
  email?: string;
  name?: string;
  roles?: RoleTitle[];
  companyId?: number | null;
  approved?: boolean;
  status?: "active" | "deactivated";
  password?: string;
}

export async function createUser(
  db: Db,
  f: UserFixture = {},
): Promise<{ id: number; email: string }> {
  const n = ++seq;
  const email = (f.email ?? `user${n}.${Date.now()}@example.test`).toLowerCase();
  const passwordHash = f.password
    ? await hashPassword(f.password)
    : await (hashed ??= hashPassword(TEST_PASSWORD));
  const [user] = await db
    .insert(schema.users)
    .values({
      email,
      name: f.name ?? `Test User ${n}`,
      passwordHash,
      companyId: f.companyId ?? null,
      approved: f.approved ?? true,
      status: f.status ?? "active",
    })
    .returning({ id: schema.users.id });
  for (const title of f.roles ?? []) {
    await db.insert(schema.userRoles).values({ userId: user.id, roleId: await roleId(db, title) });
  }
  return { id: user.id, email };
}

export async function ctxFor(
  db: Db,
  userId: number,
  extra: { now?: Date; ip?: string } = {},
): Promise<Ctx> {
  const actor = await loadActor(db, userId);
  if (!actor) throw new Error(`user ${userId} cannot act`);
  return makeCtx(db, actor, extra);
}

export async function createCountryAndCompany(db: Db, name = "Test Company") {
  await db
    .insert(schema.currencies)
    .values({ code: "DKK", name: "Danish krone", symbol: "kr." })
    .onConflictDoNothing();
  const [existing] = await db
    .select()
    .from(schema.countries)
    .where(eq(schema.countries.isoCode, "DK"));
  const country =
    existing ??
    (
      await db
        .insert(schema.countries)
        .values({
          name: "Denmark",
          isoCode: "DK",
          currencyCode: "DKK",
          timeZone: "Europe/Copenhagen",
        })
        .returning()
    )[0];
  const [company] = await db
    .insert(schema.companies)
    .values({ name, countryId: country.id })
    .returning();
  return { country, company };
}

/** A new user with one role (a client contact: of `companyId`) and a REST bearer token for it. */
export async function apiUser(
  db: Db,
  role: RoleTitle,
  extra: { companyId?: number } = {},
): Promise<{ id: number; token: string }> {
  const { id } = await createUser(db, { roles: [role], ...extra });
  return { id, token: (await issueApiToken(db, id, new Date())).access_token };
}
