import { describe, expect, it } from "vitest";
import {
  groupSkillsByParent,
  inSkillOrder,
  skillRanks,
  withFrequentGroup,
  type SkillInput,
} from "./skill-groups";

// `order` counts among siblings: a flat sort by it would interleave the groups.
const skills: SkillInput[] = [
  { id: 2, name: "Technical", parentId: null, order: 2 },
  { id: 1, name: "Stage & Rigging", parentId: null, order: 1 },
  { id: 11, name: "Rigger", parentId: 1, order: 2 },
  { id: 10, name: "Stagehand", parentId: 1, order: 1 },
  { id: 21, name: "Sound technician", parentId: 2, order: 1 },
  { id: 22, name: "Light technician", parentId: 2, order: 1 },
  { id: 3, name: "Security", parentId: null, order: 3 },
  { id: 99, name: "Drone pilot", parentId: 42, order: 1 },
];

const slot = (skillId: number, skillName: string) => ({ skillId, skillName, qty: 1 });

describe("skillRanks", () => {
  it("ranks the choosable skills by group, then within the group", () => {
    expect([...skillRanks(groupSkillsByParent(skills))]).toEqual([
      [10, 0],
      [11, 1],
      [22, 2],
      [21, 3],
      [3, 4],
      [99, 5],
    ]);
  });

  it("ignores the frequent group, so frequent skills keep their place", () => {
    expect(skillRanks(withFrequentGroup(skills, [3, 21]))).toEqual(
      skillRanks(groupSkillsByParent(skills)),
    );
  });
});

describe("inSkillOrder", () => {
  const ranks = skillRanks(groupSkillsByParent(skills));

  it("orders slots by the skill order, not by skill id or by when they were added", () => {
    const added = [slot(3, "Security"), slot(21, "Sound technician"), slot(11, "Rigger")];
    expect(inSkillOrder(added, ranks).map((s) => s.skillId)).toEqual([11, 21, 3]);
    // Same-order siblings go by name: Light before Sound.
    expect(
      inSkillOrder([slot(21, "Sound technician"), slot(22, "Light technician")], ranks).map(
        (s) => s.skillId,
      ),
    ).toEqual([22, 21]);
  });

  it("puts a skill no longer offered last, by name, and leaves the input alone", () => {
    const input = Object.freeze([slot(500, "Zeppelin crew"), slot(501, "Acrobat"), slot(10, "S")]);
    expect(inSkillOrder(input, ranks).map((s) => s.skillId)).toEqual([10, 501, 500]);
    expect(input.map((s) => s.skillId)).toEqual([500, 501, 10]);
  });
});
