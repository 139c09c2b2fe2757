import { afterAll, beforeAll, beforeEach } from "vitest";
import { asc, eq, isNotNull } from "drizzle-orm";
import { schema, type Db, type DbHandle } from "@/db";
import { ROLE, type RoleTitle } from "@/lib/domain/permissions";
import { testDatabase } from "@/lib/testing/db";
import { createCountryAndCompany, createUser, ctxFor } from "@/lib/testing/fixtures";
import type { Ctx } from "../context";

export const now = new Date("2026-05-04T10:00:00Z");
let handle: DbHandle;
export let db: Db;
export let admin: Ctx;
export let companyId: number;
export let countryId: number;

export const ctxOf = async (role: RoleTitle, extra: { companyId?: number } = {}) =>
  ctxFor(db, (await createUser(db, { roles: [role], ...extra })).id, { now });

/** Parents with their sub-skills, inserted in the order given (order 1, 2, …). */
export async function tree(spec: Record<string, string[]>) {
  const ids: Record<string, number> = {};
  let p = 0;
  for (const [parent, subs] of Object.entries(spec)) {
    const [row] = await db.insert(schema.skills).values({ name: parent, order: ++p }).returning();
    ids[parent] = row.id;
    for (const [i, name] of subs.entries()) {
      const [s] = await db
        .insert(schema.skills)
        .values({ name, parentId: row.id, order: i + 1 })
        .returning();
      ids[name] = s.id;
    }
  }
  return ids;
}

export const skillRow = async (id: number) =>
  (await db.select().from(schema.skills).where(eq(schema.skills.id, id)))[0];

export const subNames = async (parentId: number) =>
  (
    await db
      .select({ name: schema.skills.name })
      .from(schema.skills)
      .where(eq(schema.skills.parentId, parentId))
      .orderBy(asc(schema.skills.order), asc(schema.skills.id))
  ).map((r) => r.name);

export const activity = () =>
  db.select().from(schema.activityLog).where(eq(schema.activityLog.logName, "skills"));

export async function jobWithSlot(skillId: number) {
  const [job] = await db
    .insert(schema.jobs)
    .values({ name: "Arena gala", companyId, countryId })
    .returning();
  const [shift] = await db
    .insert(schema.shifts)
    .values({
      jobId: job.id,
      startsAt: new Date("2026-06-01T16:00:00Z"),
      endsAt: new Date("2026-06-01T23:00:00Z"),
    })
    .returning();
  await db.insert(schema.shiftSlots).values({ shiftId: shift.id, skillId, positions: 2 });
  return job;
}

/** The database hooks of one test file: its own database, emptied of skills before each test. */
export function setUpSkillsDatabase() {
  beforeAll(async () => {
    handle = await testDatabase();
    db = handle.db;
    const { company, country } = await createCountryAndCompany(db);
    companyId = company.id;
    countryId = country.id;
    admin = await ctxOf(ROLE.admin);
  });
  afterAll(async () => {
    await handle?.close();
  });
  beforeEach(async () => {
    await db.delete(schema.shiftSlots);
    await db.delete(schema.shifts);
    await db.delete(schema.jobs);
    await db.delete(schema.userSkills);
    await db.delete(schema.activityLog);
    await db.delete(schema.skills).where(isNotNull(schema.skills.parentId));
    await db.delete(schema.skills);
  });
}
