/** Shared setup of the companies integration tests (one database per test file). */
import { afterAll, beforeAll } from "vitest";
import { and, eq } from "drizzle-orm";
import { schema, type Db, type DbHandle } from "@/db";
import { ROLE } from "@/lib/domain/permissions";
import { testDatabase } from "@/lib/testing/db";
import { createCountryAndCompany, createUser, ctxFor } from "@/lib/testing/fixtures";

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
  companyA: number;
  companyB: number;
  dk: number;
  se: number;
  closed: number;
  branchDk: number;
  branchSe: number;
};

export const as = (userId: number) => ctxFor(db, userId, { now });

/** A valid Danish CVR number (checksum), and one that fails it. */
export const VALID_CVR = "DK38214004";
export const INVALID_CVR = "DK38214790";

let seq = 0;
export async function company(over: Partial<typeof schema.companies.$inferInsert> = {}) {
  const [row] = await db
    .insert(schema.companies)
    .values({ name: `Client ${++seq}`, countryId: ids.dk, ...over })
    .returning();
  return row;
}

export const activityOf = (id: number) =>
  db
    .select()
    .from(schema.activityLog)
    .where(
      and(eq(schema.activityLog.subjectType, "companies"), eq(schema.activityLog.subjectId, id)),
    );

export function setUpCompaniesDatabase() {
  beforeAll(async () => {
    handle = await testDatabase();
    db = handle.db;
    const { country, company: a } = await createCountryAndCompany(db, "Alpha Events");
    await db
      .insert(schema.currencies)
      .values({ code: "SEK", name: "Swedish krona", symbol: "kr" })
      .onConflictDoNothing();
    const [se] = await db
      .insert(schema.countries)
      .values({ name: "Sweden", isoCode: "SE", currencyCode: "SEK", timeZone: "Europe/Stockholm" })
      .returning();
    const [closed] = await db
      .insert(schema.countries)
      .values({
        name: "Closedland",
        isoCode: "XC",
        currencyCode: "DKK",
        timeZone: "Europe/Copenhagen",
        operational: false,
      })
      .returning();
    const [b] = await db
      .insert(schema.companies)
      .values({ name: "Beta Arena", countryId: se.id, taxId: "SE556812300301" })
      .returning();
    const [branchDk, branchSe] = await db
      .insert(schema.branches)
      .values([
        { name: "Companies test Aarhus", countryId: country.id },
        { name: "Companies test Malmö", countryId: se.id },
      ])
      .returning({ id: schema.branches.id });
    ids = {
      admin: (await createUser(db, { roles: [ROLE.admin], name: "Ada Admin" })).id,
      pm: (await createUser(db, { roles: [ROLE.projectManager], name: "Peter PM" })).id,
      crewHandler: (await createUser(db, { roles: [ROLE.crewHandler], name: "Carl Crew" })).id,
      worker: (await createUser(db, { roles: [ROLE.worker], name: "Wendy Worker" })).id,
      colA: (await createUser(db, { roles: [ROLE.client], companyId: a.id, name: "Cora A" })).id,
      colB: (await createUser(db, { roles: [ROLE.client], companyId: b.id, name: "Cole B" })).id,
      companyA: a.id,
      companyB: b.id,
      dk: country.id,
      se: se.id,
      closed: closed.id,
      branchDk: branchDk.id,
      branchSe: branchSe.id,
    };
  });
  afterAll(async () => handle?.close());
}
