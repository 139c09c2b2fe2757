import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schema, type DbHandle } from "@/db";
import { groupSkillsByParent, inSkillOrder, skillRanks } from "@/lib/domain/skill-groups";
import { testDatabase } from "@/lib/testing/db";
import { ctxFor } from "@/lib/testing/fixtures";
import { createJobWorld, insertJob, type JobWorld } from "@/lib/testing/jobs-fixtures";
import { bookBoard } from "../applications/board";
import { getJobForEdit } from "../jobs/edit-form";
import { fetchJobForView } from "../jobs/view";
import { listSkills } from "../reference";

const now = new Date("2026-11-22T09:00:00Z");
let handle: DbHandle;
let world: JobWorld;
let jobId: number;
let skill: Record<string, number>;

/*
 * A skill's `order` counts among its siblings: "Light" (order 1) under "Technical" (order 0)
 * comes before "Stagehand" (order 1) under "Stage" (order 1), and a flat sort by `order`, by
 * name or by id would each give another order than the form's skill picker.
 */
const EXPECTED = ["Light", "Sound", "Stagehand", "Rigger", "Runner", "Security"];

beforeAll(async () => {
  handle = await testDatabase();
  const db = handle.db;
  world = await createJobWorld(db);
  const [technical] = await db
    .insert(schema.skills)
    .values({ name: "Technical", order: 0 })
    .returning();
  const extra = await db
    .insert(schema.skills)
    .values([
      { name: "Sound", parentId: technical.id, order: 2 },
      { name: "Light", parentId: technical.id, order: 1 },
      // A top-level skill without sub-skills is a slot skill of its own.
      { name: "Security", order: 5 },
    ])
    .returning();
  skill = {
    Stagehand: world.skill,
    Rigger: world.skill2,
    Runner: world.skill3,
    ...Object.fromEntries(extra.map((s) => [s.name, s.id])),
  };
  const slots = (names: string[]) => names.map((n) => ({ skillId: skill[n], positions: 2 }));
  const job = await insertJob(db, {
    name: "Slot order gala",
    companyId: world.companyA,
    countryId: world.countryId,
    shifts: [
      {
        startsAt: new Date("2026-12-01T08:00:00Z"),
        endsAt: new Date("2026-12-01T16:00:00Z"),
        // Inserted (so ids run) in an order that is none of the expected one.
        slots: slots(["Runner", "Security", "Sound", "Stagehand", "Light", "Rigger"]),
      },
      {
        startsAt: new Date("2026-12-02T08:00:00Z"),
        endsAt: new Date("2026-12-02T16:00:00Z"),
        slots: slots(["Security", "Rigger", "Light"]),
      },
    ],
  });
  jobId = job.id;
});
afterAll(async () => handle.close());

describe("the slots of a shift are in the skill order everywhere", () => {
  it("on the Shifts tab (job view)", async () => {
    const view = await fetchJobForView(await ctxFor(handle.db, world.pm, { now }), jobId);
    expect(view.shifts.map((s) => s.shift_slots.map((x) => x.skill.name))).toEqual([
      EXPECTED,
      ["Light", "Rigger", "Security"],
    ]);
  });

  it("on the Book tab (board)", async () => {
    const board = await bookBoard(await ctxFor(handle.db, world.pm, { now }), jobId);
    expect(board.shifts.map((s) => s.slots.map((x) => x.skill.name))).toEqual([
      EXPECTED,
      ["Light", "Rigger", "Security"],
    ]);
  });

  it("in the job form (edit data), the same order the form's picker gives", async () => {
    const ctx = await ctxFor(handle.db, world.pm, { now });
    const job = await getJobForEdit(ctx, jobId);
    const fromServer = job.shifts[0].shift_slots.map((x) => x.skill.name);
    expect(fromServer).toEqual(EXPECTED);

    // The form re-sorts its slots (added ones too) by the picker's ranks: the same order.
    const skills = await listSkills(ctx, {});
    const ranks = skillRanks(
      groupSkillsByParent(
        skills.map((s) => ({ id: s.id, name: s.name, parentId: s.parent_id, order: s.order })),
      ),
    );
    const shuffled = [...job.shifts[0].shift_slots]
      .reverse()
      .map((x) => ({ skillId: x.skill_id, skillName: x.skill.name }));
    expect(inSkillOrder(shuffled, ranks).map((x) => x.skillName)).toEqual(EXPECTED);
  });
});
