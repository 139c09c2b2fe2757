import { and, asc, eq, inArray, isNull, notInArray } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { z } from "zod";
import { schema, type DbOrTx } from "@/db";
import { isOffice } from "@/lib/domain/profile-tabs";
import { logActivity } from "../activity";
import { withTx, type Ctx } from "../context";
import { ForbiddenError, ValidationError } from "../errors";
import { fieldOf, idSchema } from "../params";
import { parseInput } from "../validate";
import { manageVerdict } from "./manage";
import { profileAccess, tabAccessFirst, type ProfileAccess } from "./access";

/**
 * The my-skills tab: a worker's skills with years of experience and the office's level.
 * The worker (or the office) sets the list and the experience; only the office sets a level,
 * because the level is the office's judgement of the worker.
 */
export const LEVEL_IS_OFFICE =
  "Only the office can set the level of a skill; you can change your skills and experience.";

export interface UserSkillView {
  id: number;
  name: string;
  parent: { id: number; name: string } | null;
  level: { id: number; name: string } | null;
  experience: number | null;
}

const mayEdit = ({ viewer, subject }: ProfileAccess) =>
  viewer.userId === subject.id || isOffice(viewer);

/**
 * What the viewer may do on the tab, cut by the rule of who may manage whom: refused, nothing
 * is editable and `reason` says why (the screen shows it instead of buttons that fail).
 */
function manageable<T extends Record<string, boolean>>(access: ProfileAccess, can: T) {
  const verdict = manageVerdict(access.actor, access.subject.holder);
  if (verdict.allowed) return { ...can, reason: null };
  const none = Object.fromEntries(Object.keys(can).map((k) => [k, false])) as T;
  return { ...none, reason: verdict.reason };
}

const parent = alias(schema.skills, "user_skill_parent");

async function skillsOf(db: DbOrTx, userId: number): Promise<UserSkillView[]> {
  const rows = await db
    .select({
      id: schema.skills.id,
      name: schema.skills.name,
      parentId: parent.id,
      parentName: parent.name,
      levelId: schema.levels.id,
      levelName: schema.levels.name,
      experience: schema.userSkills.experience,
    })
    .from(schema.userSkills)
    .innerJoin(schema.skills, eq(schema.skills.id, schema.userSkills.skillId))
    .leftJoin(parent, eq(parent.id, schema.skills.parentId))
    .leftJoin(schema.levels, eq(schema.levels.id, schema.userSkills.levelId))
    .where(eq(schema.userSkills.userId, userId))
    .orderBy(asc(parent.order), asc(schema.skills.order), asc(schema.skills.name));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    parent: r.parentId ? { id: r.parentId, name: r.parentName ?? "" } : null,
    level: r.levelId ? { id: r.levelId, name: r.levelName ?? "" } : null,
    experience: r.experience,
  }));
}

/** GET users/showSkills/{id}. */
export async function showSkills(ctx: Ctx, rawId: unknown) {
  const access = await profileAccess(ctx, rawId, { tab: "my-skills" });
  return {
    user_id: access.subject.id,
    skills: await skillsOf(ctx.db, access.subject.id),
    can: manageable(access, { edit: mayEdit(access), set_level: isOffice(access.viewer) }),
  };
}

const userId = z.union([z.string(), z.number()], { error: "The user id field is required." });

export const setSkillsInput = z.object({
  user_id: userId,
  skills: z
    .array(idSchema, { error: "The skills must be a list of skill ids." })
    .max(100, "At most 100 skills."),
});

/** POST users/skills: the user's skills become exactly `skills` (kept ones keep their data). */
export async function setSkills(ctx: Ctx, raw: unknown) {
  // Who may, before the body is read: another's skills are 404 whatever was sent (issue 27).
  await tabAccessFirst(ctx, fieldOf(raw, "user_id"), "my-skills", "change");
  const input = parseInput(setSkillsInput, raw);
  const wanted = [...new Set(input.skills)];
  return withTx(ctx, async (ctx) => {
    const access = await profileAccess(ctx, input.user_id, {
      tab: "my-skills",
      lock: true,
      manage: "change",
    });
    if (!mayEdit(access)) throw new ForbiddenError();
    const uid = access.subject.id;
    if (wanted.length) {
      const found = await ctx.db
        .select({ id: schema.skills.id })
        .from(schema.skills)
        .where(and(inArray(schema.skills.id, wanted), isNull(schema.skills.deletedAt)));
      if (found.length !== wanted.length) {
        const message = "The selected skills are invalid.";
        throw new ValidationError(message, { skills: [message] });
      }
    }
    await ctx.db
      .delete(schema.userSkills)
      .where(
        and(
          eq(schema.userSkills.userId, uid),
          wanted.length ? notInArray(schema.userSkills.skillId, wanted) : undefined,
        ),
      );
    if (wanted.length)
      await ctx.db
        .insert(schema.userSkills)
        .values(wanted.map((skillId) => ({ userId: uid, skillId })))
        .onConflictDoNothing();
    await logActivity(ctx, {
      logName: "users",
      description: "Skills updated",
      subjectType: "users",
      subjectId: uid,
      properties: { skills: wanted },
    });
    return { skills: await skillsOf(ctx.db, uid), message: "Data updated successfully!" };
  });
}

export const experienceInput = z.object({
  user_id: userId,
  skill_id: idSchema,
  experience: z.coerce
    .number({ error: "The experience must be a number of years." })
    .int("The experience must be a whole number of years.")
    .min(0, "The experience may not be negative.")
    .max(70, "The experience may be at most 70 years."),
  level_id: z.preprocess((v) => (v === "" ? null : v), idSchema.nullable()).optional(),
});

/** POST users/experience: years of experience in one skill, and (office only) its level. */
export async function setExperience(ctx: Ctx, raw: unknown) {
  await tabAccessFirst(ctx, fieldOf(raw, "user_id"), "my-skills", "change");
  const input = parseInput(experienceInput, raw);
  return withTx(ctx, async (ctx) => {
    const access = await profileAccess(ctx, input.user_id, {
      tab: "my-skills",
      lock: true,
      manage: "change",
    });
    if (!mayEdit(access)) throw new ForbiddenError();
    const uid = access.subject.id;
    const [current] = await ctx.db
      .select({ levelId: schema.userSkills.levelId })
      .from(schema.userSkills)
      .where(and(eq(schema.userSkills.userId, uid), eq(schema.userSkills.skillId, input.skill_id)));
    if (!current) {
      const message = "The user does not have this skill.";
      throw new ValidationError(message, { skill_id: [message] });
    }
    const levelChanges = input.level_id !== undefined && input.level_id !== current.levelId;
    if (levelChanges && !isOffice(access.viewer)) throw new ForbiddenError(LEVEL_IS_OFFICE);
    if (levelChanges && input.level_id !== null) {
      const [level] = await ctx.db
        .select({ id: schema.levels.id })
        .from(schema.levels)
        .where(and(eq(schema.levels.id, input.level_id!), isNull(schema.levels.archivedAt)));
      if (!level) {
        const message = "The selected level is invalid.";
        throw new ValidationError(message, { level_id: [message] });
      }
    }
    await ctx.db
      .update(schema.userSkills)
      .set({
        experience: input.experience,
        ...(levelChanges && { levelId: input.level_id ?? null }),
      })
      .where(and(eq(schema.userSkills.userId, uid), eq(schema.userSkills.skillId, input.skill_id)));
    await logActivity(ctx, {
      logName: "users",
      description: "Skill experience updated",
      subjectType: "users",
      subjectId: uid,
      properties: {
        skill_id: input.skill_id,
        experience: input.experience,
        ...(levelChanges && { level_id: input.level_id ?? null }),
      },
    });
    return { skills: await skillsOf(ctx.db, uid), message: "Data updated successfully!" };
  });
}
