import { afterAll, beforeAll, beforeEach } from "vitest";
import { and, eq, ne } from "drizzle-orm";
import { schema, type Db, type DbHandle } from "@/db";
import { ROLE, type RoleTitle } from "@/lib/domain/permissions";
import { testDatabase } from "@/lib/testing/db";
import { createCountryAndCompany, createUser, ctxFor } from "@/lib/testing/fixtures";
import { type Ctx } from "../context";

export const now = new Date("2026-05-04T10:00:00Z");
export let handle: DbHandle;
export let db: Db;
export let admin: Ctx;
export let denmarkId: number;
export let companyId: number;

export const ctxOf = async (role: RoleTitle, extra: { companyId?: number } = {}) =>
  ctxFor(db, (await createUser(db, { roles: [role], ...extra })).id, { now });

export const sweden = {
  name: "Sweden",
  iso_code: "se",
  currency: "SEK",
  time_zone: "Europe/Stockholm",
  operational: true,
  phone_prefix: "+46",
  rest_hours: 9,
  vat_basis_points: "2500",
};

export async function activityFor(id: number) {
  return db
    .select()
    .from(schema.activityLog)
    .where(and(eq(schema.activityLog.logName, "countries"), eq(schema.activityLog.subjectId, id)));
}

/** The shared world of these files: call once at the top of each test file. */
export function setupCountriesWorld() {
  beforeAll(async () => {
    handle = await testDatabase();
    db = handle.db;
    const { company, country } = await createCountryAndCompany(db);
    denmarkId = country.id;
    companyId = company.id;
    admin = await ctxOf(ROLE.admin);
  });
  afterAll(async () => {
    await handle?.close();
  });
  beforeEach(async () => {
    await db.delete(schema.countries).where(ne(schema.countries.id, denmarkId));
  });
}
