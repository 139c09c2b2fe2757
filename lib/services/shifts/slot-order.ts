import { asc, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { schema } from "@/db";

/**
 * The skill order of slots, the one order the job form, the Shifts tab and the Book tab show
 * a shift's slots in. It is the order of the form's skill picker (lib/domain/skill-groups):
 * `order` of a skill counts among its siblings, so the slots go by their top-level skill
 * (order, name, id), then by the skill itself (order, name, id), then by slot id. Skills sit
 * two levels deep (a top-level skill and its sub-skills); a deeper one sorts under its parent.
 *
 * A query using it joins `slotParentSkill` on the slot's skill:
 *   .innerJoin(schema.skills, eq(schema.skills.id, schema.shiftSlots.skillId))
 *   .leftJoin(slotParentSkill, eq(slotParentSkill.id, schema.skills.parentId))
 *   .orderBy(..., ...slotSkillOrder)
 */
export const slotParentSkill = alias(schema.skills, "slot_parent_skill");

const s = schema.skills;
const p = slotParentSkill;

export const slotSkillOrder: SQL[] = [
  sql`coalesce(${p.order}, ${s.order})`,
  sql`coalesce(${p.name}, ${s.name})`,
  sql`coalesce(${p.id}, ${s.id})`,
  // The top-level skill itself before its sub-skills (a slot of each is possible on old data).
  sql`case when ${p.id} is null then 0 else 1 end`,
  asc(s.order),
  asc(s.name),
  asc(s.id),
  asc(schema.shiftSlots.id),
];
