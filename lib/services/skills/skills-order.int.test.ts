import { describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { schema } from "@/db";
import { ROLE } from "@/lib/domain/permissions";
import { appErrorOf } from "@/lib/testing/app-error";
import { makeCtx } from "../context";
import { frequentSkills, listSkills, listSubSkills } from "../reference";
import {
  createSkill,
  deleteSkill,
  getSkill,
  listSkillTree,
  saveSkillWeights,
  updateSkill,
} from ".";
import {
  activity,
  admin,
  companyId,
  ctxOf,
  db,
  now,
  setUpSkillsDatabase,
  subNames,
  tree,
} from "./skills.test-support";

setUpSkillsDatabase();

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
