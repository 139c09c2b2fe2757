import { schema, type Db } from "@/db";
import { ROLE, type RoleTitle } from "@/lib/domain/permissions";
import { createCountryAndCompany, createUser, ctxFor } from "@/lib/testing/fixtures";
import type { Ctx } from "../context";

/** Two companies, a Danish and a Swedish branch, a parent skill with sub-skills, two levels. */
export async function ratesWorld(db: Db, now: Date) {
  const { country, company: a } = await createCountryAndCompany(db, "Rates A");
  const [b] = await db
    .insert(schema.companies)
    .values({ name: "Rates B", countryId: country.id })
    .returning();
  await db
    .insert(schema.currencies)
    .values({ code: "SEK", name: "Swedish krona", symbol: "kr" })
    .onConflictDoNothing();
  const [se] = await db
    .insert(schema.countries)
    .values({ name: "Sweden", isoCode: "SE", currencyCode: "SEK", timeZone: "Europe/Stockholm" })
    .returning();
  const [cph, sto] = await db
    .insert(schema.branches)
    .values([
      { name: "Copenhagen (rates)", countryId: country.id },
      { name: "Stockholm (rates)", countryId: se.id },
    ])
    .returning();
  const [stage] = await db.insert(schema.skills).values({ name: "Stage", order: 1 }).returning();
  const [hand, rigger] = await db
    .insert(schema.skills)
    .values([
      { name: "Stagehand", parentId: stage.id, order: 1 },
      { name: "Rigger", parentId: stage.id, order: 2 },
    ])
    .returning();
  const [gone] = await db
    .insert(schema.skills)
    .values({ name: "Gone", order: 9, deletedAt: now })
    .returning();
  const [junior, senior] = await db
    .insert(schema.levels)
    .values([
      { name: "Junior (rates)", weight: 1 },
      { name: "Senior (rates)", weight: 2 },
    ])
    .returning();
  const ctxOf = async (role: RoleTitle, companyId?: number): Promise<Ctx> =>
    ctxFor(db, (await createUser(db, { roles: [role], companyId })).id, { now });
  return {
    countryId: country.id,
    companyA: a.id,
    companyB: b.id,
    cph: cph.id,
    sto: sto.id,
    stage: stage.id,
    hand: hand.id,
    rigger: rigger.id,
    gone: gone.id,
    junior: junior.id,
    senior: senior.id,
    admin: await ctxOf(ROLE.admin),
    pm: await ctxOf(ROLE.projectManager),
    crew: await ctxOf(ROLE.crewHandler),
    col: await ctxOf(ROLE.client, a.id),
    worker: await ctxOf(ROLE.worker),
  };
}
export type RatesWorld = Awaited<ReturnType<typeof ratesWorld>>;
