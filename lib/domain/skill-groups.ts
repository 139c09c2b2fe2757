// The slot picker's skill list: groups by parent, the company's frequent skills first.

export const FREQUENT_GROUP_ID = "freq_1";
export const FREQUENT_GROUP_NAME = "Frequent skills";
/** Skills whose parent is not in the list. */
export const OTHER_GROUP_ID = "other";

export interface SkillInput {
  id: number;
  name: string;
  parentId: number | null;
  order: number;
}

export interface SkillGroup {
  /** The parent skill's id, FREQUENT_GROUP_ID or OTHER_GROUP_ID. */
  id: number | typeof FREQUENT_GROUP_ID | typeof OTHER_GROUP_ID;
  name: string;
  skills: SkillInput[];
}

const order = (a: number, b: number) => (a < b ? -1 : a > b ? 1 : 0);

const bySkillOrder = (a: SkillInput, b: SkillInput) =>
  order(a.order, b.order) || a.name.localeCompare(b.name) || order(a.id, b.id);

/**
 * The choosable skills (those with no sub-skills) grouped under their top-level skill, both in
 * skill order (spec §9: order ascending). A top-level skill without sub-skills is a group of
 * itself; skills whose parent is missing go last, in "Other skills".
 */
export function groupSkillsByParent(skills: readonly SkillInput[]): SkillGroup[] {
  const byId = new Map(skills.map((s) => [s.id, s]));
  const parents = new Set(skills.map((s) => s.parentId));
  const topOf = (skill: SkillInput): SkillInput | null => {
    const seen = new Set<number>();
    let current = skill;
    while (current.parentId !== null) {
      const parent = byId.get(current.parentId);
      if (!parent || seen.has(parent.id)) return null;
      seen.add(current.id);
      current = parent;
    }
    return current;
  };
  const groups = new Map<number, SkillInput[]>();
  const other: SkillInput[] = [];
  for (const skill of skills) {
    if (parents.has(skill.id)) continue;
    const top = topOf(skill);
    if (!top) other.push(skill);
    else groups.set(top.id, [...(groups.get(top.id) ?? []), skill]);
  }
  const result: SkillGroup[] = [...groups.keys()]
    .map((id) => byId.get(id)!)
    .sort(bySkillOrder)
    .map((top) => ({ id: top.id, name: top.name, skills: groups.get(top.id)!.sort(bySkillOrder) }));
  if (other.length)
    result.push({ id: OTHER_GROUP_ID, name: "Other skills", skills: other.sort(bySkillOrder) });
  return result;
}

const isGroupList = (list: readonly (SkillInput | SkillGroup)[]): list is readonly SkillGroup[] =>
  list.some((item) => "skills" in item);

/**
 * The slot picker's list: the company's frequent skills first as one group (id freq_1), in
 * the order given, then every skill grouped by parent (a frequent skill is in both). Takes the
 * flat skill list or a list this function made; the frequent group is there at most once, and
 * not at all when none of the frequent skills is in the list.
 */
export function withFrequentGroup(
  skills: readonly SkillInput[] | readonly SkillGroup[],
  frequentSkillIds: readonly number[],
): SkillGroup[] {
  const groups = isGroupList(skills)
    ? skills.filter((g) => g.id !== FREQUENT_GROUP_ID)
    : groupSkillsByParent(skills);
  const choosable = new Map(groups.flatMap((g) => g.skills).map((s) => [s.id, s]));
  const frequent = [...new Set(frequentSkillIds)]
    .map((id) => choosable.get(id))
    .filter((s): s is SkillInput => s !== undefined);
  if (frequent.length === 0) return [...groups];
  return [{ id: FREQUENT_GROUP_ID, name: FREQUENT_GROUP_NAME, skills: frequent }, ...groups];
}

/**
 * The skill order as ranks (0, 1, …): the picker's groups in order, each skill once, the
 * frequent group left out. The job form lists a shift's slots by it, the same order the
 * server gives them on the Shifts and Book tabs (lib/services/shifts/slot-order.ts).
 */
export function skillRanks(groups: readonly SkillGroup[]): Map<number, number> {
  const ranks = new Map<number, number>();
  for (const group of groups) {
    if (group.id === FREQUENT_GROUP_ID) continue;
    for (const skill of group.skills) if (!ranks.has(skill.id)) ranks.set(skill.id, ranks.size);
  }
  return ranks;
}

/** Slots in skill order; a skill missing from the ranks (no longer offered) goes last, by name. */
export function inSkillOrder<T extends { skillId: number; skillName: string }>(
  slots: readonly T[],
  ranks: ReadonlyMap<number, number>,
): T[] {
  const rank = (slot: T) => ranks.get(slot.skillId) ?? Number.MAX_SAFE_INTEGER;
  return [...slots].sort(
    (a, b) =>
      rank(a) - rank(b) || a.skillName.localeCompare(b.skillName) || order(a.skillId, b.skillId),
  );
}
