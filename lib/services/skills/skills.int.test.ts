import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { schema } from "@/db";
import { ROLE } from "@/lib/domain/permissions";
import { createUser } from "@/lib/testing/fixtures";
import { appErrorOf } from "@/lib/testing/app-error";
import { listSkills, listSubSkills } from "../reference";
import { fetchJobForView } from "../jobs/view";
import {
  createSkill,
  deleteSkill,
  getSkill,
  listSkillTree,
  updateSkill,
  type ParentSkillView,
} from ".";
import {
  activity,
  admin,
  db,
  jobWithSlot,
  now,
  setUpSkillsDatabase,
  skillRow,
  subNames,
  tree,
} from "./skills.test-support";

setUpSkillsDatabase();

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
      message: "Skill Head rigger edited",
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
