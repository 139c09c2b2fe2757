import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { schema } from "@/db";
import { ROLE } from "@/lib/domain/permissions";
import { appErrorOf } from "@/lib/testing/app-error";
import { deleteSkill, updateSkill } from ".";
import {
  activity,
  admin,
  ctxOf,
  db,
  jobWithSlot,
  setUpSkillsDatabase,
  skillRow,
  subNames,
  tree,
} from "./skills.test-support";

setUpSkillsDatabase();

describe("moving a sub-skill to another parent (PUT skills/{id} with parent_id)", () => {
  it("moves it last under the new parent; the slot that uses it keeps it; logged", async () => {
    const ids = await tree({
      "Stage & Rigging": ["Stagehand", "Forklift driver"],
      Logistics: ["Runner", "Driver"],
    });
    const job = await jobWithSlot(ids["Forklift driver"]);
    const moved = await updateSkill(admin, ids["Forklift driver"], {
      name: "Forklift driver",
      parent_id: ids.Logistics,
    });
    expect(moved).toMatchObject({
      id: ids["Forklift driver"],
      parent_id: ids.Logistics,
      message: "Skill Forklift driver edited",
    });
    expect(await subNames(ids.Logistics)).toEqual(["Runner", "Driver", "Forklift driver"]);
    expect(await subNames(ids["Stage & Rigging"])).toEqual(["Stagehand"]);
    const [slot] = await db
      .select({ skillId: schema.shiftSlots.skillId })
      .from(schema.shiftSlots)
      .innerJoin(schema.shifts, eq(schema.shifts.id, schema.shiftSlots.shiftId))
      .where(eq(schema.shifts.jobId, job.id));
    expect(slot.skillId).toBe(ids["Forklift driver"]);
    const [log] = (await activity()).filter((l) => l.subjectId === ids["Forklift driver"]);
    expect(log.description).toBe(
      'Edited skill "Forklift driver" and moved it to another parent skill',
    );
    expect(log.properties).toMatchObject({
      old: { parent_id: ids["Stage & Rigging"] },
      attributes: { parent_id: ids.Logistics },
    });
    // Without parent_id an edit leaves it where it is.
    await updateSkill(admin, ids["Forklift driver"], { name: "Forklift operator" });
    expect((await skillRow(ids["Forklift driver"])).parentId).toBe(ids.Logistics);
  });

  it("refuses a taken name there, a sub-skill or unknown parent, or moving a parent skill (422), changing nothing", async () => {
    const ids = await tree({ Technical: ["Sound", "Light"], Hospitality: ["Bartender", "Light"] });
    await deleteSkill(admin, ids.Bartender);
    const cases: [number, Record<string, unknown>, string][] = [
      [ids.Sound, { name: "Light", parent_id: ids.Hospitality }, "name"],
      [ids.Sound, { name: "Sound", parent_id: ids.Light }, "parent_id"],
      [ids.Sound, { name: "Sound", parent_id: 999999 }, "parent_id"],
      [ids.Sound, { name: "Sound", parent_id: ids.Bartender }, "parent_id"],
      [ids.Technical, { name: "Technical", parent_id: ids.Hospitality }, "parent_id"],
    ];
    for (const [id, body, field] of cases) {
      const err = await appErrorOf(updateSkill(admin, id, body));
      expect([err.status, Object.keys(err.errors ?? {})], JSON.stringify(body)).toEqual([
        422,
        [field],
      ]);
    }
    expect(await subNames(ids.Technical)).toEqual(["Sound", "Light"]);
    expect((await skillRow(ids.Technical)).parentId).toBeNull();
  });

  it("is refused to a project manager (403)", async () => {
    const ids = await tree({ Technical: ["Sound"], Logistics: [] });
    const pm = await ctxOf(ROLE.projectManager);
    const err = await appErrorOf(
      updateSkill(pm, ids.Sound, { name: "Sound", parent_id: ids.Logistics }),
    );
    expect(err.status).toBe(403);
    expect((await skillRow(ids.Sound)).parentId).toBe(ids.Technical);
  });
});
