import { z } from "zod";
import { COMMENT_MAX, LABEL_MAX } from "@/lib/domain/text-limits";
import { and, count, eq, isNull, max, type SQL } from "drizzle-orm";
import { schema, type DbOrTx } from "@/db";
import { requirePermission, withTx, type Ctx, type TxCtx } from "../context";
import { ConflictError, ValidationError } from "../errors";
import { logActivity } from "../activity";
import {
  assertNameFree,
  countOf,
  isForeignKeyViolation,
  nameField,
  optionalText,
  saveWeights,
  WEIGHTS_SAVED,
  weightsInput,
} from "../master-data";
import { optionalId } from "../params";
import { parseInput } from "../validate";
import {
  loadSkill,
  parseSkillId,
  SKILL_MESSAGES,
  skillFields,
  skillView,
  type ParentSkillView,
  type SkillView,
} from "./read";
import { skillUses, usageLabel } from "./usage";

const name = nameField(LABEL_MAX);
const description = optionalText(COMMENT_MAX);

export const skillInput = z.object({ name, description });
/** PUT skills/{id}: a sub-skill may also move to another parent (`parent_id`). */
export const updateSkillInput = skillInput.extend({ parent_id: optionalId });
/** POST skills: a parent skill, or a sub-skill of `parent_id`. */
export const createSkillInput = skillInput.extend({ parent_id: optionalId.nullable() });
export type SkillInput = z.input<typeof skillInput>;
export type UpdateSkillInput = z.input<typeof updateSkillInput>;
export type CreateSkillInput = z.input<typeof createSkillInput>;

const live = isNull(schema.skills.deletedAt);
const siblingsOf = (parentId: number | null): SQL =>
  and(
    live,
    parentId === null ? isNull(schema.skills.parentId) : eq(schema.skills.parentId, parentId),
  )!;

/** Names are unique among a parent's live sub-skills (and among the live parent skills). */
const nameFree = (tx: DbOrTx, parentId: number | null, value: string, exceptId?: number) =>
  assertNameFree(tx, {
    table: schema.skills,
    id: schema.skills.id,
    name: schema.skills.name,
    value,
    exceptId,
    scope: siblingsOf(parentId),
    lockKey: `crewdeck.skills.name.${parentId ?? "top"}`,
    message: parentId === null ? SKILL_MESSAGES.duplicateParent : SKILL_MESSAGES.duplicateSub,
  });

/**
 * The parent a new sub-skill goes under: a live parent skill, locked FOR SHARE so a delete
 * of it under way waits for this insert (and then sees the new sub-skill), or this insert for
 * the delete (and then sees it gone).
 */
async function lockParent(ctx: TxCtx, parentId: number) {
  const [parent] = await ctx.db
    .select({ id: schema.skills.id, parentId: schema.skills.parentId })
    .from(schema.skills)
    .where(and(eq(schema.skills.id, parentId), live))
    .for("share");
  const fail = (message: string) => new ValidationError(message, { parent_id: [message] });
  if (!parent) throw fail(SKILL_MESSAGES.parentMissing);
  if (parent.parentId !== null) throw fail(SKILL_MESSAGES.parentIsSub);
}

type Saved = (SkillView | ParentSkillView) & { message: string };

/** POST skills (name, description, parent_id): goes last among its siblings. */
export async function createSkill(ctx: Ctx, raw: unknown): Promise<Saved> {
  requirePermission(ctx, "settings_skill_access");
  const input = parseInput(createSkillInput, raw ?? {});
  const parentId = input.parent_id ?? null;
  // Names are unique by assertNameFree alone: no unique index (archived names may repeat).
  const view = await withTx(ctx, async (ctx) => {
    if (parentId !== null) await lockParent(ctx, parentId);
    // The name lock is per parent: it also keeps two creates from taking the same order.
    await nameFree(ctx.db, parentId, input.name);
    const [{ last }] = await ctx.db
      .select({ last: max(schema.skills.order) })
      .from(schema.skills)
      .where(siblingsOf(parentId));
    const [created] = await ctx.db
      .insert(schema.skills)
      .values({
        name: input.name,
        description: input.description,
        parentId,
        order: (last ?? 0) + 1,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      })
      .returning(skillFields);
    await logActivity(ctx, {
      logName: "skills",
      description: `Created ${parentId === null ? "parent skill" : "sub-skill"} "${created.name}"`,
      subjectType: "skills",
      subjectId: created.id,
      properties: { name: created.name, parent_id: parentId },
    });
    return skillView(ctx.db, created);
  });
  return { ...view, message: SKILL_MESSAGES.created };
}

/**
 * PUT skills/{id} (name, description, parent_id): a sub-skill may move to another parent
 * skill, where it goes last; the slots, profiles and rates that use it keep it. A parent skill
 * stays a parent skill.
 */
export async function updateSkill(ctx: Ctx, rawId: unknown, raw: unknown): Promise<Saved> {
  requirePermission(ctx, "settings_skill_access");
  const id = parseSkillId(rawId);
  const input = parseInput(updateSkillInput, raw ?? {});
  const view = await withTx(ctx, async (ctx) => {
    const before = await loadSkill(ctx.db, id, "update");
    const parentId = input.parent_id ?? before.parent_id;
    const moved = parentId !== before.parent_id;
    if (moved && before.parent_id === null)
      throw new ValidationError(SKILL_MESSAGES.parentStays, {
        parent_id: [SKILL_MESSAGES.parentStays],
      });
    // The new parent is live and stays so until the commit (its delete waits, then sees this).
    if (moved) await lockParent(ctx, parentId!);
    await nameFree(ctx.db, parentId, input.name, id);
    let order: number | undefined;
    if (moved) {
      const [{ last }] = await ctx.db
        .select({ last: max(schema.skills.order) })
        .from(schema.skills)
        .where(siblingsOf(parentId));
      order = (last ?? 0) + 1;
    }
    const [updated] = await ctx.db
      .update(schema.skills)
      .set({
        name: input.name,
        description: input.description,
        ...(moved ? { parentId, order } : {}),
        updatedAt: ctx.now,
      })
      .where(eq(schema.skills.id, id))
      .returning(skillFields);
    await logActivity(ctx, {
      logName: "skills",
      description: moved
        ? `Edited skill "${updated.name}" and moved it to another parent skill`
        : `Edited skill "${updated.name}"`,
      subjectType: "skills",
      subjectId: id,
      properties: {
        old: { name: before.name, description: before.description, parent_id: before.parent_id },
        attributes: {
          name: updated.name,
          description: updated.description,
          parent_id: updated.parent_id,
        },
      },
    });
    return skillView(ctx.db, updated);
  });
  return { ...view, message: SKILL_MESSAGES.edited(view.name) };
}

const hasSubSkills = (n: number) =>
  new ConflictError(
    `This skill has ${countOf(n, "sub-skill")} and cannot be deleted. Delete its sub-skills first.`,
    "skill_has_sub_skills",
  );

/**
 * DELETE skills/{id}. A parent skill with live sub-skills: 409 naming how many. A skill used
 * by shift slots, worker profiles, document types, preferred skills, rates or archived
 * sub-skills is archived (deleted_at): gone from the pickers and this screen, while the jobs
 * and profiles that use it keep it and show its name. An unused skill is removed.
 */
export async function deleteSkill(
  ctx: Ctx,
  rawId: unknown,
): Promise<{ id: number; archived: boolean; message: string }> {
  requirePermission(ctx, "settings_skill_access");
  const id = parseSkillId(rawId);
  const attempt = (archiveAnyway: boolean) =>
    withTx(ctx, async (ctx) => {
      // FOR UPDATE conflicts with the key-share lock a new slot, profile skill or sub-skill
      // takes on the skill it points at, so the counts below cannot miss one being saved.
      const row = await loadSkill(ctx.db, id, "update");
      const [{ subs }] = await ctx.db
        .select({ subs: count() })
        .from(schema.skills)
        .where(and(eq(schema.skills.parentId, id), live));
      if (subs > 0) throw hasSubSkills(Number(subs));
      const usage = usageLabel((await skillUses(ctx.db, [id])).get(id)!);
      const archived = archiveAnyway || usage.count > 0;
      if (archived)
        await ctx.db
          .update(schema.skills)
          .set({ deletedAt: ctx.now, updatedAt: ctx.now })
          .where(eq(schema.skills.id, id));
      else await ctx.db.delete(schema.skills).where(eq(schema.skills.id, id));
      await logActivity(ctx, {
        logName: "skills",
        description: `${archived ? "Archived" : "Deleted"} skill "${row.name}"`,
        subjectType: "skills",
        subjectId: id,
        properties: { name: row.name, parent_id: row.parent_id, used_by: usage.label || null },
      });
      return archived;
    });
  let archived: boolean;
  try {
    archived = await attempt(false);
  } catch (err) {
    // A reference the counts did not see (foreign-key violation): keep the row, archived.
    if (!isForeignKeyViolation(err)) throw err;
    archived = await attempt(true);
  }
  return { id, archived, message: SKILL_MESSAGES.deleted };
}

/**
 * POST skills/save-weights (ids in their new order): either every live parent skill, or every
 * live sub-skill of one parent — the level of the first id. An id of another level or parent,
 * unknown or archived: 422 and nothing changes; a list missing some of the level: 422 too, so
 * the saved order never mixes old and new positions.
 */
export async function saveSkillWeights(
  ctx: Ctx,
  raw: unknown,
): Promise<{ ids: number[]; message: string }> {
  requirePermission(ctx, "settings_skill_access");
  const { ids } = parseInput(weightsInput, raw ?? {});
  const invalid = (message: string) => new ValidationError(message, { ids: [message] });
  await withTx(ctx, async (ctx) => {
    const [first] = await ctx.db
      .select({ parentId: schema.skills.parentId })
      .from(schema.skills)
      .where(and(eq(schema.skills.id, ids[0]), live));
    if (!first) throw invalid(SKILL_MESSAGES.weightsScope);
    const scope = siblingsOf(first.parentId);
    await saveWeights(ctx.db, {
      table: schema.skills,
      id: schema.skills.id,
      weight: schema.skills.order,
      ids,
      scope,
      message: SKILL_MESSAGES.weightsScope,
    });
    const [{ n }] = await ctx.db.select({ n: count() }).from(schema.skills).where(scope);
    if (Number(n) !== ids.length) throw invalid(SKILL_MESSAGES.weightsIncomplete);
    const parentName =
      first.parentId === null ? null : (await loadSkill(ctx.db, first.parentId)).name;
    await logActivity(ctx, {
      logName: "skills",
      description:
        parentName === null
          ? "Set the order of the parent skills"
          : `Set the order of the sub-skills of "${parentName}"`,
      subjectType: "skills",
      subjectId: first.parentId,
      properties: { ids },
    });
  });
  return { ids, message: WEIGHTS_SAVED };
}
