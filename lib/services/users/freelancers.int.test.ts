import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { schema, setDatabaseForTests, type Db, type DbHandle } from "@/db";
import { ROLE } from "@/lib/domain/permissions";
import { testDatabase } from "@/lib/testing/db";
import { createUser, ctxFor } from "@/lib/testing/fixtures";
import { appErrorOf } from "@/lib/testing/app-error";
import { countingDb } from "@/lib/testing/counting-db";
import { createJobWorld, type JobWorld } from "@/lib/testing/jobs-fixtures";
import { freelancerListFilters, listFreelancers } from "./freelancers";

let handle: DbHandle;
let db: Db;
let w: JobWorld;
const now = new Date("2026-11-22T12:00:00Z");
const ctxOf = (userId: number) => ctxFor(db, userId, { now });
const ids = (page: { items: { id: number }[] }) => page.items.map((r) => r.id);

let anna: number;
let bo: number;
let cleo: number;
let sleeping: number;
let applicant: number;
let branch: number;
let language: number;
let senior: number;
let docType: number;

async function named(first: string, last: string, extra: Parameters<typeof createUser>[1] = {}) {
  const u = await createUser(db, { name: `${first} ${last}`, roles: [ROLE.worker], ...extra });
  await db
    .update(schema.users)
    .set({ firstName: first, lastName: last, phone: `+45 20 ${u.id}` })
    .where(eq(schema.users.id, u.id));
  return u.id;
}

beforeAll(async () => {
  handle = await testDatabase();
  db = handle.db;
  setDatabaseForTests(handle);
  w = await createJobWorld(db);
  // The world's own worker has no last name: it sorts by its name; give the search its own.
  cleo = await named("Cleo", "Zander");
  anna = await named("Anna", "Ahlberg");
  bo = await named("Bo", "Madsen");
  sleeping = await named("Sara", "Sleeping", { status: "deactivated" });
  applicant = await named("Nina", "Newcomer", { approved: false });
  const [country] = await db.select().from(schema.countries).limit(1);
  [{ id: branch }] = await db
    .insert(schema.branches)
    .values({ name: "Aarhus crew", countryId: country.id })
    .returning();
  [{ id: language }] = await db
    .insert(schema.languages)
    .values({ name: "Klingon", code: "tlh" })
    .returning();
  [{ id: senior }] = await db
    .insert(schema.levels)
    .values({ name: "Senior (test)", weight: 90 })
    .returning();
  await db.insert(schema.userBranches).values({ userId: anna, branchId: branch });
  await db.insert(schema.userLanguages).values({ userId: bo, languageId: language });
  await db.insert(schema.userSkills).values([
    { userId: anna, skillId: w.skill2, levelId: senior },
    { userId: bo, skillId: w.skill2 },
    { userId: cleo, skillId: w.skill3, levelId: senior },
  ]);
  [{ id: docType }] = await db
    .insert(schema.documentTypes)
    .values({ name: "Work permit (test)", isRequired: true })
    .returning();
  const doc = (userId: number, status: "approved" | "pending", expiresOn: string | null) => ({
    userId,
    documentTypeId: docType,
    fileName: "permit.pdf",
    storageKey: `k/${userId}/${status}`,
    mimeType: "application/pdf",
    sizeBytes: 100,
    status,
    expiresOn,
  });
  await db.insert(schema.documents).values([
    doc(anna, "approved", null),
    // Valid through its expiry day.
    doc(bo, "approved", "2026-11-22"),
    doc(cleo, "approved", "2026-11-21"),
    doc(cleo, "pending", null),
  ]);
});
afterAll(async () => {
  await handle?.close();
});

describe("listFreelancers", () => {
  it("lists approved, active workers only, by last name A to Z, 10 a page", async () => {
    const page = await listFreelancers(await ctxOf(w.pm), { perPage: 100 });
    expect(page.meta.per_page).toBe(100);
    const list = ids(page);
    for (const out of [w.pm, w.crewHandler, w.colA, sleeping, applicant])
      expect(list).not.toContain(out);
    expect(list.indexOf(anna)).toBeLessThan(list.indexOf(bo));
    expect(list.indexOf(bo)).toBeLessThan(list.indexOf(cleo));
    expect((await listFreelancers(await ctxOf(w.pm), {})).meta.per_page).toBe(10);
    const withOff = await listFreelancers(await ctxOf(w.pm), {
      showDeactivatedUsers: "1",
      perPage: 100,
    });
    expect(ids(withOff)).toContain(sleeping);
    expect(ids(withOff)).not.toContain(applicant);
    const desc = await listFreelancers(await ctxOf(w.pm), { order: "desc", perPage: 100 });
    expect(ids(desc).indexOf(cleo)).toBeLessThan(ids(desc).indexOf(anna));
  });

  it("filters by search, skill, sub-skill, level, branch and language", async () => {
    const ctx = await ctxOf(w.crewHandler);
    const q = async (input: Record<string, unknown>) =>
      ids(await listFreelancers(ctx, { perPage: 100, ...input })).sort();
    expect(await q({ filter: { search: "ahlb" } })).toEqual([anna]);
    expect(await q({ filter: { search: `+45 20 ${bo}` } })).toEqual([bo]);
    expect(await q({ sub_skill: w.skill2 })).toEqual([anna, bo].sort());
    const [{ parentId }] = await db
      .select({ parentId: schema.skills.parentId })
      .from(schema.skills)
      .where(eq(schema.skills.id, w.skill2));
    expect(await q({ parent_skill: parentId })).toEqual([anna, bo, cleo].sort());
    expect(await q({ sub_skill: w.skill2, level_id: senior })).toEqual([anna]);
    expect(await q({ parent_skill: parentId, level_id: senior })).toEqual([anna, cleo].sort());
    expect(await q({ level_id: senior })).toEqual([anna, cleo].sort());
    expect(await q({ branch_id: branch })).toEqual([anna]);
    expect(await q({ language_id: language })).toEqual([bo]);
  });

  it("filters by valid documents through the one rule (approved, not expired)", async () => {
    const ctx = await ctxOf(w.pm);
    const yes = await listFreelancers(ctx, { has_valid_documents: "yes", perPage: 100 });
    expect(ids(yes).sort()).toEqual([anna, bo].sort());
    expect(yes.items.every((r) => r.has_valid_documents)).toBe(true);
    const no = await listFreelancers(ctx, { has_valid_documents: "no", perPage: 100 });
    expect(ids(no)).toContain(cleo);
    expect(ids(no)).not.toContain(anna);
    const row = no.items.find((r) => r.id === cleo)!;
    expect(row).toMatchObject({ has_valid_documents: false, skills: ["Runner"], languages: [] });
  });

  it("answers 422 for bad filters and Badly formed data for a non-string search", async () => {
    const ctx = await ctxOf(w.pm);
    for (const input of [
      { has_valid_documents: "maybe" },
      { sort: "password" },
      { level_id: "abc" },
      { page: 0 },
    ]) {
      expect((await appErrorOf(listFreelancers(ctx, input))).status).toBe(422);
    }
    const bad = await appErrorOf(listFreelancers(ctx, { filter: { search: ["x"] } }));
    expect(bad.message).toBe("Badly formed data");
  });

  it("is the office's: a worker and a client contact get 403", async () => {
    for (const who of [w.worker, w.colA, w.colEditorA]) {
      expect((await appErrorOf(listFreelancers(await ctxOf(who), {}))).status).toBe(403);
      expect((await appErrorOf(freelancerListFilters(await ctxOf(who)))).status).toBe(403);
    }
    const filters = await freelancerListFilters(await ctxOf(w.pm));
    expect(filters.languages.map((l) => l.id)).toContain(language);
    expect(filters.levels.map((l) => l.id)).toContain(senior);
  });

  it("needs two queries for a page of 1 as for a page of 10", async () => {
    const counting = countingDb(handle);
    const ctx = await ctxFor(counting.db, w.admin, { now });
    counting.reset();
    await listFreelancers(ctx, { perPage: 1, has_valid_documents: "no" });
    const one = counting.statements();
    counting.reset();
    await listFreelancers(ctx, { perPage: 10, has_valid_documents: "no" });
    expect(counting.statements()).toBe(one);
    expect(one).toBe(2);
  });
});
