/** Shared setup and helpers of the venues integration tests (split along their describe blocks). */
import { afterAll, beforeAll } from "vitest";
import { and, eq } from "drizzle-orm";
import { schema, type Db, type DbHandle } from "@/db";
import { ROLE } from "@/lib/domain/permissions";
import type { Ctx } from "@/lib/services/context";
import { testDatabase } from "@/lib/testing/db";
import { createCountryAndCompany, createUser, ctxFor } from "@/lib/testing/fixtures";
import { listVenues } from ".";

export const now = new Date("2026-11-22T09:00:00Z");
export let handle: DbHandle;
export let db: Db;
export let ids: {
  admin: number;
  pm: number;
  crewHandler: number;
  worker: number;
  colA: number;
  colB: number;
  colNone: number;
  companyA: number;
  companyB: number;
  country: number;
  closedCountry: number;
};

export const as = (userId: number) => ctxFor(db, userId, { now });

export let seq = 0;
/** A venue row written directly, so each test states the situation it starts from. */
export async function venue(
  over: Partial<typeof schema.venues.$inferInsert> = {},
): Promise<typeof schema.venues.$inferSelect> {
  const [row] = await db
    .insert(schema.venues)
    .values({ name: `Hall ${++seq}`, countryId: ids.country, city: "Aarhus", ...over })
    .returning();
  return row;
}

export const rowOf = async (id: number) =>
  (await db.select().from(schema.venues).where(eq(schema.venues.id, id)))[0];

export const activityOf = (id: number) =>
  db
    .select()
    .from(schema.activityLog)
    .where(and(eq(schema.activityLog.subjectType, "venues"), eq(schema.activityLog.subjectId, id)));

export const listIds = async (ctx: Ctx, input: Record<string, unknown>) =>
  (await listVenues(ctx, { perPage: 100, ...input })).items.map((v) => v.id);

/** Registers the database hooks of one test file (each file gets its own database). */
export function setUpVenuesDatabase() {
  beforeAll(async () => {
    handle = await testDatabase();
    db = handle.db;
    const { country, company: a } = await createCountryAndCompany(db, "Venue Company A");
    const [b] = await db
      .insert(schema.companies)
      .values({ name: "Venue Company B", countryId: country.id })
      .returning();
    const [closed] = await db
      .insert(schema.countries)
      .values({
        name: "Closedland",
        isoCode: "CL",
        currencyCode: "DKK",
        timeZone: "Europe/Copenhagen",
        operational: false,
      })
      .returning();
    ids = {
      admin: (await createUser(db, { roles: [ROLE.admin] })).id,
      pm: (await createUser(db, { roles: [ROLE.projectManager] })).id,
      crewHandler: (await createUser(db, { roles: [ROLE.crewHandler] })).id,
      worker: (await createUser(db, { roles: [ROLE.worker] })).id,
      colA: (await createUser(db, { roles: [ROLE.client], companyId: a.id })).id,
      colB: (await createUser(db, { roles: [ROLE.client], companyId: b.id })).id,
      colNone: (await createUser(db, { roles: [ROLE.client] })).id,
      companyA: a.id,
      companyB: b.id,
      country: country.id,
      closedCountry: closed.id,
    };
  });
  afterAll(async () => handle?.close());
}
