import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { and, asc, eq, isNotNull } from "drizzle-orm";
import { schema, type Db, type DbHandle } from "@/db";
import { ROLE, type RoleTitle } from "@/lib/domain/permissions";
import { testDatabase } from "@/lib/testing/db";
import { createCountryAndCompany, createUser, ctxFor } from "@/lib/testing/fixtures";
import { appErrorOf } from "@/lib/testing/app-error";
import { makeCtx, type Ctx } from "../context";
import { frequentSkills, listSkills, listSubSkills } from "../reference";
import { fetchJobForView } from "../jobs/view";
import {
  createSkill,
  deleteSkill,
  getSkill,
  listSkillTree,
  saveSkillWeights,
  updateSkill,
  type ParentSkillView,
} from ".";

const now = new Date("2026-05-04T10:00:00Z");
let handle: DbHandle;
let db: Db;
let admin: Ctx;
let companyId: number;
let countryId: number;

const ctxOf = async (role: RoleTitle, extra: { companyId?: number } = {}) =>
  ctxFor(db, (await createUser(db, { roles: [role], ...extra })).id, { now });

/** Parents with their sub-skills, inserted in the order given (order 1, 2, …). */
async function tree(spec: Record<string, string[]>) {
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

const skillRow = async (id: number) =>
  (await db.select().from(schema.skills).where(eq(schema.skills.id, id)))[0];

const subNames = async (parentId: number) =>
  (
    await db
      .select({ name: schema.skills.name })
      .from(schema.skills)
      .where(eq(schema.skills.parentId, parentId))
      .orderBy(asc(schema.skills.order), asc(schema.skills.id))
  ).map((r) => r.name);

const activity = () =>
  db.select().from(schema.activityLog).where(eq(schema.activityLog.logName, "skills"));

async function jobWithSlot(skillId: number) {
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

describe("listSkillTree", () => {
  it("pages parents 10 at a time in their order, each with its live sub-skills in order", async () => {
    const spec: Record<string, string[]> = {};
    for (let i = 1; i <= 12; i++) spec[`Parent ${String(i).padStart(2, "0")}`] = [];
    spec["Parent 01"] = ["Second", "First"];
    const ids = await tree(spec);
    await db.update(schema.skills).set({ order: 0 }).where(eq(schema.skills.id, ids["First"]));
    await db
      .update(schema.skills)
      .set({ deletedAt: now })
      .where(eq(schema.skills.id, ids["Parent 02"]));
    const first = await listSkillTree(admin, {});
    expect(first.meta).toEqual({ current_page: 1, last_page: 2, per_page: 10, total: 11 });
    expect(first.items.map((p) => p.name)).toEqual([
      "Parent 01",
      ...[3, 4, 5, 6, 7, 8, 9, 10, 11].map((i) => `Parent ${String(i).padStart(2, "0")}`),
    ]);
    expect(first.items[0].sub_skills.map((s) => s.name)).toEqual(["First", "Second"]);
    expect(first.items[0].sub_skills[0]).toEqual({
      id: ids["First"],
      name: "First",
      description: null,
      parent_id: ids["Parent 01"],
      order: 0,
      usage: { count: 0, label: "" },
    });
    const second = await listSkillTree(admin, { page: "2" });
    expect(second.items.map((p) => p.name)).toEqual(["Parent 12"]);
  });

  it("searches parent and sub-skill names; a kept parent shows all its sub-skills", async () => {
    await tree({ Technical: ["Sound", "Light"], Hospitality: ["Bartender"], Logistics: [] });
    const bySub = await listSkillTree(admin, { filter: { search: "sou" } });
    expect(bySub.items.map((p) => [p.name, p.sub_skills.map((s) => s.name)])).toEqual([
      ["Technical", ["Sound", "Light"]],
    ]);
    const byParent = await listSkillTree(admin, { filter: { search: "LOGI" } });
    expect(byParent.items.map((p) => p.name)).toEqual(["Logistics"]);
    expect((await listSkillTree(admin, { filter: { search: "%" } })).meta.total).toBe(0);
  });

  it("says where each skill is used", async () => {
    const ids = await tree({ Stage: ["Rigger"] });
    await jobWithSlot(ids["Rigger"]);
    await jobWithSlot(ids["Rigger"]);
    const worker = await createUser(db, { roles: [ROLE.worker] });
    await db.insert(schema.userSkills).values({ userId: worker.id, skillId: ids["Rigger"] });
    const [page] = (await listSkillTree(admin, {})).items;
    expect(page.sub_skills[0].usage).toEqual({ count: 3, label: "2 jobs and 1 worker" });
  });

  it("answers bad paging with 422", async () => {
    for (const raw of [{ page: "0" }, { page: "x" }, { perPage: 101 }])
      expect((await appErrorOf(listSkillTree(admin, raw))).status).toBe(422);
  });
});

describe("getSkill", () => {
  it("answers a parent with its sub-skills, and a sub-skill alone", async () => {
    const ids = await tree({ Stage: ["Rigger"] });
    const parent = (await getSkill(admin, String(ids.Stage))) as ParentSkillView;
    expect(parent.sub_skills.map((s) => s.name)).toEqual(["Rigger"]);
    expect(await getSkill(admin, ids.Rigger)).not.toHaveProperty("sub_skills");
  });

  it.each([["999999"], ["abc"], ["-1"], ["0"], [undefined], ["99999999999999"]])(
    "answers 404 for the id %s",
    async (id) => {
      const err = await appErrorOf(getSkill(admin, id));
      expect(err.status).toBe(404);
      expect(err.message).toBe("Skill not found.");
    },
  );
});

describe("createSkill", () => {
  it("creates a parent and sub-skills last in their order, with the spec's message, logged", async () => {
    const parent = await createSkill(admin, { name: " Catering ", description: " Food " });
    expect(parent).toMatchObject({
      name: "Catering",
      description: "Food",
      parent_id: null,
      order: 1,
      sub_skills: [],
      message: "Skill added succesfully",
    });
    const a = await createSkill(admin, { name: "Chef", parent_id: parent.id });
    const b = await createSkill(admin, { name: "Waiter", parent_id: String(parent.id) });
    expect([a.order, b.order, a.parent_id]).toEqual([1, 2, parent.id]);
    expect((await skillRow(a.id)).createdAt.toISOString()).toBe(now.toISOString());
    const log = await activity();
    expect(log.map((l) => l.description)).toEqual([
      'Created parent skill "Catering"',
      'Created sub-skill "Chef"',
      'Created sub-skill "Waiter"',
    ]);
  });

  it("keeps names unique per parent regardless of case; another parent may reuse one", async () => {
    const ids = await tree({ Stage: ["Rigger"], Technical: [] });
    const err = await appErrorOf(createSkill(admin, { name: "RIGGER", parent_id: ids.Stage }));
    expect(err.status).toBe(422);
    expect(err.errors).toEqual({
      name: ["This parent skill already has a sub-skill with this name."],
    });
    const top = await appErrorOf(createSkill(admin, { name: "stage" }));
    expect(top.errors).toEqual({ name: ["A parent skill with this name already exists."] });
    const other = await createSkill(admin, { name: "Rigger", parent_id: ids.Technical });
    expect(other.parent_id).toBe(ids.Technical);
    // A parent skill may carry the name of a sub-skill, and an archived name is free again.
    await createSkill(admin, { name: "Rigger" });
    await db.update(schema.skills).set({ deletedAt: now }).where(eq(schema.skills.id, ids.Rigger));
    await createSkill(admin, { name: "Rigger", parent_id: ids.Stage });
    expect(await subNames(ids.Stage)).toEqual(["Rigger", "Rigger"]);
  });

  it("refuses an unknown, archived or sub-skill parent with 422 on parent_id", async () => {
    const ids = await tree({ Stage: ["Rigger"], Old: [] });
    await db.update(schema.skills).set({ deletedAt: now }).where(eq(schema.skills.id, ids.Old));
    for (const [parent_id, message] of [
      [999999, "The selected parent skill does not exist."],
      [ids.Old, "The selected parent skill does not exist."],
      [ids.Rigger, "A sub-skill cannot have sub-skills of its own; choose a parent skill."],
    ] as const) {
      const err = await appErrorOf(createSkill(admin, { name: "New", parent_id }));
      expect(err.status).toBe(422);
      expect(err.errors).toEqual({ parent_id: [message] });
    }
    expect(await activity()).toHaveLength(0);
  });

  it.each([
    ["missing", {}, "name", "The name field is required."],
    ["blank", { name: "  " }, "name", "The name field is required."],
    ["too long", { name: "x".repeat(101) }, "name", "The name may be at most 100 characters."],
    ["a bad parent id", { name: "X", parent_id: "abc" }, "parent_id", undefined],
  ])("refuses a body with %s with 422, writing nothing", async (_, raw, field, message) => {
    const err = await appErrorOf(createSkill(admin, raw));
    expect(err.status).toBe(422);
    expect(Object.keys(err.errors ?? {})).toEqual([field]);
    if (message) expect(err.errors?.[field]).toEqual([message]);
    expect(await db.select().from(schema.skills)).toHaveLength(0);
  });
});

describe("updateSkill", () => {
  it("changes name and description, keeps the parent, logs old and new", async () => {
    const ids = await tree({ Stage: ["Rigger"] });
    const updated = await updateSkill(admin, ids.Rigger, {
      name: "Head rigger",
      description: "Leads the riggers",
      parent_id: null,
    });
    expect(updated).toMatchObject({
      name: "Head rigger",
      description: "Leads the riggers",
      parent_id: ids.Stage,
      message: "Skill edited successfully",
    });
    const [log] = await activity();
    expect(log.properties).toMatchObject({
      old: { name: "Rigger", description: null },
      attributes: { name: "Head rigger", description: "Leads the riggers" },
    });
  });

  it("refuses a sibling's name with 422, allows its own in another case", async () => {
    const ids = await tree({ Stage: ["Rigger", "Stagehand"] });
    const err = await appErrorOf(updateSkill(admin, ids.Stagehand, { name: "rigger" }));
    expect(err.status).toBe(422);
    expect(err.errors?.name).toEqual(["This parent skill already has a sub-skill with this name."]);
    expect((await skillRow(ids.Stagehand)).name).toBe("Stagehand");
    expect((await updateSkill(admin, ids.Rigger, { name: "RIGGER" })).name).toBe("RIGGER");
  });

  it("answers 404 for an unknown or archived skill", async () => {
    const ids = await tree({ Old: [] });
    await db.update(schema.skills).set({ deletedAt: now }).where(eq(schema.skills.id, ids.Old));
    for (const id of [999999, "nope", ids.Old])
      expect((await appErrorOf(updateSkill(admin, id, { name: "X" }))).status).toBe(404);
  });
});

describe("deleteSkill", () => {
  it("removes an unused skill with the spec's message, logged", async () => {
    const ids = await tree({ Stage: ["Rigger"] });
    expect(await deleteSkill(admin, String(ids.Rigger))).toEqual({
      id: ids.Rigger,
      archived: false,
      message: "Skill deleted",
    });
    expect(await skillRow(ids.Rigger)).toBeUndefined();
    expect((await activity())[0].description).toBe('Deleted skill "Rigger"');
  });

  it("refuses a parent with live sub-skills with 409 naming how many", async () => {
    const ids = await tree({ Stage: ["Rigger", "Stagehand"] });
    const err = await appErrorOf(deleteSkill(admin, ids.Stage));
    expect(err.status).toBe(409);
    expect(err.type).toBe("skill_has_sub_skills");
    expect(err.message).toBe(
      "This skill has 2 sub-skills and cannot be deleted. Delete its sub-skills first.",
    );
    expect((await skillRow(ids.Stage)).deletedAt).toBeNull();
  });

  it("archives a skill a slot uses: the job keeps the slot and its name, pickers drop it", async () => {
    const ids = await tree({ Stage: ["Rigger", "Stagehand"] });
    const job = await jobWithSlot(ids.Rigger);
    const result = await deleteSkill(admin, ids.Rigger);
    expect(result).toEqual({ id: ids.Rigger, archived: true, message: "Skill deleted" });
    expect((await skillRow(ids.Rigger)).deletedAt?.toISOString()).toBe(now.toISOString());
    const view = await fetchJobForView(admin, job.id);
    expect(view.shifts[0].shift_slots.map((s) => [s.skill.name, s.positions])).toEqual([
      ["Rigger", 2],
    ]);
    expect((await listSkills(admin, {})).map((s) => s.name)).toEqual(["Stage", "Stagehand"]);
    expect((await listSubSkills(admin, {})).map((s) => s.name)).toEqual(["Stagehand"]);
    expect((await listSkillTree(admin, {})).items[0].sub_skills.map((s) => s.name)).toEqual([
      "Stagehand",
    ]);
    expect((await appErrorOf(getSkill(admin, ids.Rigger))).status).toBe(404);
    expect((await activity())[0]).toMatchObject({
      description: 'Archived skill "Rigger"',
      properties: expect.objectContaining({ used_by: "1 job" }),
    });
  });

  it("archives a skill on a worker's profile, and a parent whose sub-skills are archived", async () => {
    const ids = await tree({ Stage: ["Rigger"] });
    const worker = await createUser(db, { roles: [ROLE.worker] });
    await db.insert(schema.userSkills).values({ userId: worker.id, skillId: ids.Rigger });
    expect((await deleteSkill(admin, ids.Rigger)).archived).toBe(true);
    expect(await db.select().from(schema.userSkills)).toHaveLength(1);
    expect((await deleteSkill(admin, ids.Stage)).archived).toBe(true);
    expect((await skillRow(ids.Stage)).deletedAt).not.toBeNull();
  });

  it("answers 404 for an unknown or already deleted skill", async () => {
    const ids = await tree({ Stage: [] });
    await deleteSkill(admin, ids.Stage);
    for (const id of [ids.Stage, 999999, "0"])
      expect((await appErrorOf(deleteSkill(admin, id))).status).toBe(404);
  });
});

describe("saveSkillWeights", () => {
  it("saves the order of one parent's sub-skills", async () => {
    const ids = await tree({ Stage: ["A", "B", "C"], Tech: ["D"] });
    expect(await saveSkillWeights(admin, { ids: [ids.C, ids.A, ids.B] })).toEqual({
      ids: [ids.C, ids.A, ids.B],
      message: "Weights set successfully",
    });
    expect(await subNames(ids.Stage)).toEqual(["C", "A", "B"]);
    expect((await activity())[0].description).toBe('Set the order of the sub-skills of "Stage"');
    // The picker's flat list and the form's groups follow.
    const subs = await listSubSkills(admin, { parent_id: ids.Stage });
    expect(subs.map((s) => s.name)).toEqual(["C", "A", "B"]);
  });

  it("orders a company's frequent skills by the saved order, parents first", async () => {
    const ids = await tree({ Stage: ["A", "B"], Tech: ["C"] });
    // The preferred rows' own order says otherwise: the skill order wins.
    await db.insert(schema.companyPreferredSkills).values([
      { companyId, skillId: ids.A, order: 1 },
      { companyId, skillId: ids.C, order: 2 },
      { companyId, skillId: ids.B, order: 3 },
    ]);
    const names = async () =>
      (await frequentSkills(admin, { company_id: companyId })).map((s) => s.name);
    expect(await names()).toEqual(["A", "B", "C"]);
    await saveSkillWeights(admin, { ids: [ids.Tech, ids.Stage] });
    await saveSkillWeights(admin, { ids: [ids.B, ids.A] });
    expect(await names()).toEqual(["C", "B", "A"]);
    await db.delete(schema.companyPreferredSkills);
  });

  it("saves the order of the parent skills", async () => {
    const ids = await tree({ Stage: [], Tech: [], Bar: [] });
    await saveSkillWeights(admin, { ids: [ids.Bar, ids.Stage, ids.Tech] });
    const page = await listSkillTree(admin, {});
    expect(page.items.map((p) => p.name)).toEqual(["Bar", "Stage", "Tech"]);
  });

  it("refuses an id of another parent, an unknown id or a partial list with 422, changing nothing", async () => {
    const ids = await tree({ Stage: ["A", "B"], Tech: ["D"] });
    const cases: [number[], string][] = [
      [
        [ids.B, ids.D],
        "Some of these skills do not exist or belong to another parent skill. Reload the page and try again.",
      ],
      [
        [ids.A, ids.Tech],
        "Some of these skills do not exist or belong to another parent skill. Reload the page and try again.",
      ],
      [
        [999999, ids.A],
        "Some of these skills do not exist or belong to another parent skill. Reload the page and try again.",
      ],
      [
        [ids.B],
        "List every skill of this level in its new order (all parent skills, or all sub-skills of one parent).",
      ],
    ];
    for (const [list, message] of cases) {
      const err = await appErrorOf(saveSkillWeights(admin, { ids: list }));
      expect(err.status).toBe(422);
      expect(err.errors).toEqual({ ids: [message] });
    }
    expect(await subNames(ids.Stage)).toEqual(["A", "B"]);
    expect(await activity()).toHaveLength(0);
  });

  it("refuses a malformed list with 422", async () => {
    for (const raw of [{}, { ids: [] }, { ids: "1,2" }, { ids: [1, 1] }, { ids: ["x"] }])
      expect((await appErrorOf(saveSkillWeights(admin, raw))).status).toBe(422);
  });
});

describe("authorization", () => {
  // Only roles holding settings_skill_access (Administrator by default) may act.
  it.each([[ROLE.projectManager], [ROLE.crewHandler], [ROLE.worker], [ROLE.client]])(
    "answers 403 to a %s on every verb and writes nothing",
    async (role) => {
      const ctx = await ctxOf(role, role === ROLE.client ? { companyId } : {});
      const ids = await tree({ Stage: ["A", "B"] });
      const calls: Promise<unknown>[] = [
        listSkillTree(ctx, {}),
        getSkill(ctx, ids.A),
        createSkill(ctx, { name: "Sneaky" }),
        updateSkill(ctx, ids.A, { name: "Sneaky" }),
        deleteSkill(ctx, ids.A),
        saveSkillWeights(ctx, { ids: [ids.B, ids.A] }),
        // Forbidden comes before not-found and validation.
        getSkill(ctx, 999999),
        createSkill(ctx, {}),
      ];
      for (const call of calls) expect((await appErrorOf(call)).status).toBe(403);
      expect(await subNames(ids.Stage)).toEqual(["A", "B"]);
      expect(await activity()).toHaveLength(0);
      // The pickers stay open to every signed-in user.
      expect((await listSkills(ctx, {})).length).toBe(3);
    },
  );

  it("answers 401 without a signed-in user", async () => {
    const anonymous = makeCtx(db, null, { now });
    expect((await appErrorOf(listSkillTree(anonymous, {}))).status).toBe(401);
    expect((await appErrorOf(createSkill(anonymous, { name: "X" }))).status).toBe(401);
  });
});

it("lets only one of two concurrent creates of the same name under one parent through", async () => {
  const ids = await tree({ Stage: [] });
  const results = await Promise.allSettled([
    createSkill(admin, { name: "Race", parent_id: ids.Stage }),
    createSkill(admin, { name: "RACE", parent_id: ids.Stage }),
  ]);
  expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
  const rows = await db
    .select()
    .from(schema.skills)
    .where(and(eq(schema.skills.parentId, ids.Stage)));
  expect(rows).toHaveLength(1);
});
