import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { schema, type Db, type DbHandle } from "@/db";
import { ROLE, type RoleTitle } from "@/lib/domain/permissions";
import { testDatabase } from "@/lib/testing/db";
import { createCountryAndCompany, createUser, ctxFor } from "@/lib/testing/fixtures";
import { appErrorOf } from "@/lib/testing/app-error";
import { makeCtx, type Ctx } from "../context";
import { freelancerListFilters } from "../users/freelancers";
import { skillFormOptions } from "../users/options";
import { setExperience } from "../users/skills";
import {
  createLevel,
  deleteLevel,
  getLevel,
  levelOptions,
  listLevels,
  saveLevelWeights,
  updateLevel,
} from ".";

const now = new Date("2026-05-04T10:00:00Z");
let handle: DbHandle;
let db: Db;
let admin: Ctx;
let pm: Ctx;
let worker: Ctx;
let workerId: number;
let companyId: number;
let skillId: number;

const ctxOf = async (role: RoleTitle, extra: { companyId?: number } = {}) =>
  ctxFor(db, (await createUser(db, { roles: [role], ...extra })).id, { now });

async function insertLevels(names: string[]) {
  return db
    .insert(schema.levels)
    .values(names.map((name, i) => ({ name, weight: i + 1, description: `${name} text` })))
    .returning();
}

const activityFor = (id: number) =>
  db
    .select()
    .from(schema.activityLog)
    .where(and(eq(schema.activityLog.logName, "levels"), eq(schema.activityLog.subjectId, id)));

const names = (rows: { name: string }[]) => rows.map((r) => r.name);
const live = async () => names(await levelOptions(db));

beforeAll(async () => {
  handle = await testDatabase();
  db = handle.db;
  companyId = (await createCountryAndCompany(db)).company.id;
  admin = await ctxOf(ROLE.admin);
  pm = await ctxOf(ROLE.projectManager);
  workerId = (await createUser(db, { roles: [ROLE.worker] })).id;
  worker = await ctxFor(db, workerId, { now });
  const [skill] = await db.insert(schema.skills).values({ name: "Rigger" }).returning();
  skillId = skill.id;
});
afterAll(async () => {
  await handle?.close();
});

beforeEach(async () => {
  await db.delete(schema.userSkills);
  await db.delete(schema.workerRates);
  await db.delete(schema.levels);
});

describe("listLevels", () => {
  it("pages 10 at a time in the order of their weights, then id, leaving archived ones out", async () => {
    const rows = await insertLevels(Array.from({ length: 13 }, (_, i) => `Level ${i + 1}`));
    await db.update(schema.levels).set({ weight: 0 }).where(eq(schema.levels.id, rows[12].id));
    await db.update(schema.levels).set({ archivedAt: now }).where(eq(schema.levels.id, rows[0].id));
    const first = await listLevels(admin, {});
    expect(first.meta).toEqual({ current_page: 1, last_page: 2, per_page: 10, total: 12 });
    expect(names(first.items)).toEqual([
      "Level 13",
      ...Array.from({ length: 9 }, (_, i) => `Level ${i + 2}`),
    ]);
    expect(Object.keys(first.items[0]).sort()).toEqual([
      "description",
      "id",
      "name",
      "rates_count",
      "weight",
      "workers_count",
    ]);
    const second = await listLevels(admin, { page: "2" });
    expect(names(second.items)).toEqual(["Level 11", "Level 12"]);
  });

  it("searches the name case-insensitively and answers bad paging with 422", async () => {
    await insertLevels(["Junior", "Senior", "Lead", "50% senior"]);
    const found = await listLevels(admin, { filter: { search: "SENIOR" } });
    expect(names(found.items)).toEqual(["Senior", "50% senior"]);
    expect(names((await listLevels(admin, { filter: { search: "%" } })).items)).toEqual([
      "50% senior",
    ]);
    for (const raw of [{ page: "0" }, { page: "x" }, { perPage: 101 }]) {
      expect((await appErrorOf(listLevels(admin, raw))).status).toBe(422);
    }
  });

  it("counts the workers and rates holding each level", async () => {
    const [junior, senior] = await insertLevels(["Junior", "Senior"]);
    await db.insert(schema.userSkills).values({ userId: workerId, skillId, levelId: junior.id });
    await db.insert(schema.workerRates).values([
      { skillId, levelId: junior.id, currencyCode: "DKK", amount: 20000 },
      { skillId, levelId: senior.id, currencyCode: "DKK", amount: 25000 },
    ] as (typeof schema.workerRates.$inferInsert)[]);
    const page = await listLevels(admin, {});
    expect(page.items.map((l) => [l.name, l.workers_count, l.rates_count])).toEqual([
      ["Junior", 1, 1],
      ["Senior", 0, 1],
    ]);
  });

  it("gives every signed-in user the pickers' form (all=1): live levels in order, no counts", async () => {
    const [a, b] = await insertLevels(["Junior", "Senior", "Old"]);
    await db.update(schema.levels).set({ weight: 9 }).where(eq(schema.levels.id, a.id));
    await db.update(schema.levels).set({ archivedAt: now }).where(eq(schema.levels.name, "Old"));
    const page = await listLevels(worker, { all: "1" });
    expect(page.items).toEqual([
      { id: b.id, name: "Senior", description: "Senior text", weight: 2 },
      { id: a.id, name: "Junior", description: "Junior text", weight: 9 },
    ]);
    expect(page.meta).toEqual({ current_page: 1, last_page: 1, per_page: 2, total: 2 });
  });
});

describe("getLevel", () => {
  it("answers a live level and 404 for unknown, malformed or archived ids", async () => {
    const [level, gone] = await insertLevels(["Junior", "Gone"]);
    await db.update(schema.levels).set({ archivedAt: now }).where(eq(schema.levels.id, gone.id));
    expect(await getLevel(admin, String(level.id))).toMatchObject({
      id: level.id,
      name: "Junior",
      workers_count: 0,
      rates_count: 0,
    });
    for (const id of ["999999", "abc", "0", "-1", "1.5", gone.id, "99999999999"]) {
      const err = await appErrorOf(getLevel(admin, id));
      expect(err.status).toBe(404);
      expect(err.message).toBe("Level not found.");
    }
  });
});

describe("createLevel", () => {
  it("creates a trimmed level at the top of the order, answers the message and logs it", async () => {
    await insertLevels(["Junior", "Senior"]);
    const created = await createLevel(admin, { name: "  Lead ", description: " Runs a team " });
    expect(created).toMatchObject({
      name: "Lead",
      description: "Runs a team",
      weight: 3,
      message: "Level Lead created",
    });
    expect(await live()).toEqual(["Junior", "Senior", "Lead"]);
    const log = await activityFor(created.id);
    expect(log.map((l) => l.description)).toEqual(['Created level "Lead"']);
  });

  it("refuses a name another level has in any case with 422 on name, writing nothing", async () => {
    await insertLevels(["Senior"]);
    const err = await appErrorOf(createLevel(admin, { name: " SENIOR" }));
    expect(err.status).toBe(422);
    expect(err.errors).toEqual({ name: ["A level with this name already exists."] });
    expect(await db.select().from(schema.levels)).toHaveLength(1);
  });

  it.each([
    ["missing", {}, "The name field is required."],
    ["blank", { name: "  " }, "The name field is required."],
    ["a number", { name: 3 }, "The name must be a string."],
    ["too long", { name: "x".repeat(101) }, "The name may be at most 100 characters."],
  ])("refuses a name that is %s with 422", async (_, raw, message) => {
    const err = await appErrorOf(createLevel(admin, raw));
    expect(err.status).toBe(422);
    expect(err.errors?.name).toEqual([message]);
    expect(await db.select().from(schema.levels)).toHaveLength(0);
  });

  it("brings an archived level of the same name back instead of clashing", async () => {
    const [old] = await insertLevels(["Senior"]);
    await db.update(schema.levels).set({ archivedAt: now }).where(eq(schema.levels.id, old.id));
    const again = await createLevel(admin, { name: "senior" });
    expect(again.id).toBe(old.id);
    expect(await live()).toEqual(["senior"]);
    expect((await activityFor(old.id)).map((l) => l.description)).toEqual([
      'Restored level "senior"',
    ]);
  });
});

describe("updateLevel", () => {
  it("changes name and description, keeps the position and logs old and new", async () => {
    const [junior] = await insertLevels(["Junior", "Senior"]);
    const updated = await updateLevel(admin, junior.id, { name: "Trainee", description: null });
    expect(updated).toMatchObject({
      id: junior.id,
      name: "Trainee",
      description: null,
      weight: 1,
      message: "Level Trainee edited",
    });
    const [log] = await activityFor(junior.id);
    expect(log.properties).toMatchObject({
      old: { name: "Junior", description: "Junior text" },
      attributes: { name: "Trainee", description: null },
    });
  });

  it("refuses another level's name (also an archived one's) with 422 and changes nothing", async () => {
    const [a, b, c] = await insertLevels(["Junior", "Senior", "Old"]);
    await db.update(schema.levels).set({ archivedAt: now }).where(eq(schema.levels.id, c.id));
    for (const name of ["junior", "OLD"]) {
      const err = await appErrorOf(updateLevel(admin, b.id, { name }));
      expect(err.status).toBe(422);
      expect(err.errors).toEqual({ name: ["A level with this name already exists."] });
    }
    expect(await live()).toEqual(["Junior", "Senior"]);
    expect(await activityFor(b.id)).toHaveLength(0);
    expect((await updateLevel(admin, a.id, { name: "JUNIOR" })).name).toBe("JUNIOR");
  });

  it("answers 404 for an unknown or malformed id", async () => {
    expect((await appErrorOf(updateLevel(admin, 999999, { name: "X" }))).status).toBe(404);
    expect((await appErrorOf(updateLevel(admin, "x", { name: "X" }))).status).toBe(404);
  });
});

describe("deleteLevel", () => {
  it("deletes an unused level and logs it", async () => {
    const [level] = await insertLevels(["Junior"]);
    expect(await deleteLevel(admin, level.id)).toEqual({
      id: level.id,
      archived: false,
      message: "Level Junior deleted",
    });
    expect(await db.select().from(schema.levels)).toHaveLength(0);
    expect((await activityFor(level.id)).map((l) => l.description)).toEqual([
      'Deleted level "Junior"',
    ]);
  });

  it("archives a level a worker holds: gone from the pickers, kept on the worker's skill", async () => {
    const [junior, senior] = await insertLevels(["Junior", "Senior"]);
    await db.insert(schema.userSkills).values({ userId: workerId, skillId, levelId: junior.id });
    const answer = await deleteLevel(admin, junior.id);
    expect(answer).toEqual({
      id: junior.id,
      archived: true,
      message: "Level Junior deleted",
    });
    expect(names((await listLevels(admin, {})).items)).toEqual(["Senior"]);
    expect(names((await freelancerListFilters(pm)).levels)).toEqual(["Senior"]);
    expect(names((await listLevels(worker, { all: true })).items)).toEqual(["Senior"]);
    const [held] = await db
      .select({ levelId: schema.userSkills.levelId })
      .from(schema.userSkills)
      .where(eq(schema.userSkills.userId, workerId));
    expect(held.levelId).toBe(junior.id);
    // The worker's own skills form still shows the level the worker holds; others do not.
    expect(names((await skillFormOptions(admin, workerId)).levels)).toEqual(["Junior", "Senior"]);
    expect(names(await levelOptions(db))).toEqual(["Senior"]);
    // A new choice cannot be the archived level.
    await db.update(schema.userSkills).set({ levelId: senior.id });
    const err = await appErrorOf(
      setExperience(admin, {
        user_id: workerId,
        skill_id: skillId,
        experience: 2,
        level_id: junior.id,
      }),
    );
    expect(err.status).toBe(422);
    expect((await activityFor(junior.id)).at(-1)?.description).toBe(
      'Archived level "Junior" (held by 1 worker)',
    );
    expect((await appErrorOf(deleteLevel(admin, junior.id))).status).toBe(404);
  });

  it("archives a level that only a rate holds", async () => {
    const [level] = await insertLevels(["Junior"]);
    await db.insert(schema.workerRates).values({
      skillId,
      levelId: level.id,
      currencyCode: "DKK",
      amount: 20000,
    } as typeof schema.workerRates.$inferInsert);
    expect((await deleteLevel(admin, level.id)).archived).toBe(true);
    expect(await db.select().from(schema.levels)).toHaveLength(1);
  });
});

describe("saveLevelWeights", () => {
  it("saves the order given, most junior first, and every picker follows it", async () => {
    const [a, b, c] = await insertLevels(["Junior", "Senior", "Lead"]);
    expect(await saveLevelWeights(admin, { ids: [c.id, a.id, b.id] })).toEqual({
      ids: [c.id, a.id, b.id],
      message: "Weights set successfully",
    });
    expect(names((await listLevels(admin, {})).items)).toEqual(["Lead", "Junior", "Senior"]);
    expect(names((await freelancerListFilters(pm)).levels)).toEqual(["Lead", "Junior", "Senior"]);
    expect(names((await skillFormOptions(admin, workerId)).levels)).toEqual([
      "Lead",
      "Junior",
      "Senior",
    ]);
    const [log] = await db
      .select()
      .from(schema.activityLog)
      .where(eq(schema.activityLog.description, "Set the order of levels"));
    expect(log.properties).toEqual({ old: [a.id, b.id, c.id], attributes: [c.id, a.id, b.id] });
  });

  it("refuses an unknown, archived, missing or repeated id with 422 and changes nothing", async () => {
    const [a, b, c] = await insertLevels(["Junior", "Senior", "Old"]);
    await db.update(schema.levels).set({ archivedAt: now }).where(eq(schema.levels.id, c.id));
    const cases = [[b.id, a.id, 999999], [b.id, a.id, c.id], [b.id], [b.id, b.id, a.id], [], ["x"]];
    for (const ids of cases) {
      const err = await appErrorOf(saveLevelWeights(admin, { ids }));
      expect(err.status).toBe(422);
      expect(Object.keys(err.errors ?? {})).toEqual([ids[0] === "x" ? "ids.0" : "ids"]);
    }
    expect((await appErrorOf(saveLevelWeights(admin, {}))).status).toBe(422);
    expect(await live()).toEqual(["Junior", "Senior"]);
    const weights = await db.select({ w: schema.levels.weight }).from(schema.levels);
    expect(weights.map((r) => r.w).sort()).toEqual([1, 2, 3]);
  });
});

describe("authorization", () => {
  // level_access is the Administrator's by default; a Project Manager does not hold it.
  it.each([[ROLE.projectManager], [ROLE.crewHandler], [ROLE.worker], [ROLE.client]])(
    "answers 403 to a %s on every verb and writes nothing",
    async (role) => {
      const ctx = role === ROLE.projectManager ? pm : await ctxOf(role, { companyId });
      const [level] = await insertLevels(["Junior"]);
      const calls: Promise<unknown>[] = [
        listLevels(ctx, {}),
        getLevel(ctx, level.id),
        createLevel(ctx, { name: "Sneaky" }),
        updateLevel(ctx, level.id, { name: "Sneaky" }),
        deleteLevel(ctx, level.id),
        saveLevelWeights(ctx, { ids: [level.id] }),
        getLevel(ctx, 999999),
        createLevel(ctx, {}),
      ];
      for (const call of calls) expect((await appErrorOf(call)).status).toBe(403);
      expect(await live()).toEqual(["Junior"]);
      expect(await activityFor(level.id)).toHaveLength(0);
    },
  );

  it("answers 401 without a signed-in user, the pickers' form too", async () => {
    const anonymous = makeCtx(db, null, { now });
    expect((await appErrorOf(listLevels(anonymous, {}))).status).toBe(401);
    expect((await appErrorOf(listLevels(anonymous, { all: 1 }))).status).toBe(401);
    expect((await appErrorOf(createLevel(anonymous, { name: "X" }))).status).toBe(401);
  });
});
