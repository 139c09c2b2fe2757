import { done } from "@/lib/domain/done";
import { z } from "zod";
import { and, asc, count, eq, exists, ilike, inArray, isNull, or } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { schema, type DbOrTx, sideBySide } from "@/db";
import { requirePermission, type Ctx } from "../context";
import { NotFoundError } from "../errors";
import { escapeLike } from "../like";
import type { Usage } from "../master-data";
import { offsetOf, pageInput, pageMeta, type Page } from "../pagination";
import { isId, searchText } from "../params";
import { parseInput } from "../validate";
import { skillUses, usageLabel } from "./usage";

/**
 * Skills (spec §2 /skills [settings_skill_access], §3 "skill (parent_id, order)", §7, §8):
 * parent skills (parent_id null) group the sub-skills that shift slots, worker profiles and
 * rates are made of; `order` counts among siblings (spec §9: skills by order ascending). The
 * pickers (GET skills, sub-skills, frequentSkills) stay in lib/services/reference and list
 * live skills only; a deleted skill that is used somewhere is archived (deleted_at) there.
 */
export interface SkillView {
  id: number;
  name: string;
  description: string | null;
  parent_id: number | null;
  order: number;
  /** Where it is used: a skill in use is archived on delete instead of removed. */
  usage: Usage;
}

export interface ParentSkillView extends SkillView {
  /** Its live sub-skills, in their order. */
  sub_skills: SkillView[];
}

export const SKILL_MESSAGES = {
  created: "Skill added succesfully",
  edited: (name: string) => done("Skill", name, "edited"),
  deleted: "Skill deleted",
  notFound: "Skill not found.",
  duplicateParent: "A parent skill with this name already exists.",
  duplicateSub: "This parent skill already has a sub-skill with this name.",
  parentMissing: "The selected parent skill does not exist.",
  parentIsSub: "A sub-skill cannot have sub-skills of its own; choose a parent skill.",
  parentStays: "A parent skill stays a parent skill; only a sub-skill moves to another parent.",
  weightsScope:
    "Some of these skills do not exist or belong to another parent skill. Reload the page and try again.",
  weightsIncomplete:
    "List every skill of this level in its new order (all parent skills, or all sub-skills of one parent).",
} as const;

export const skillsTreeInput = pageInput(10).extend({
  filter: z.object({ search: searchText }).default({ search: undefined }),
});

export const skillFields = {
  id: schema.skills.id,
  name: schema.skills.name,
  description: schema.skills.description,
  parent_id: schema.skills.parentId,
  order: schema.skills.order,
};
type SkillRow = Omit<SkillView, "usage">;

const live = isNull(schema.skills.deletedAt);
const sub = alias(schema.skills, "sub_skill");

/** The views of `rows` with their usage, one query per kind of use. */
async function withUsage<T extends SkillRow>(db: DbOrTx, rows: T[]): Promise<(T & SkillView)[]> {
  const uses = await skillUses(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ ...r, usage: usageLabel(uses.get(r.id)!) }));
}

async function subSkillsOf(db: DbOrTx, parentIds: number[]): Promise<Map<number, SkillView[]>> {
  const byParent = new Map<number, SkillView[]>();
  if (!parentIds.length) return byParent;
  const rows = await db
    .select(skillFields)
    .from(schema.skills)
    .where(and(live, inArray(schema.skills.parentId, parentIds)))
    .orderBy(asc(schema.skills.order), asc(schema.skills.id));
  for (const s of await withUsage(db, rows))
    byParent.set(s.parent_id!, [...(byParent.get(s.parent_id!) ?? []), s]);
  return byParent;
}

/**
 * The /skills screen's list: live parent skills in their order, 10 a page, each with its live
 * sub-skills in their order. `filter[search]` keeps the parents whose name, or the name of one
 * of whose sub-skills, contains the text; a kept parent shows all its sub-skills, so their
 * order can still be changed by dragging.
 */
export async function listSkillTree(ctx: Ctx, raw: unknown): Promise<Page<ParentSkillView>> {
  requirePermission(ctx, "settings_skill_access");
  const input = parseInput(skillsTreeInput, raw ?? {});
  const search = input.filter.search;
  const like = search ? `%${escapeLike(search)}%` : undefined;
  const where = and(
    live,
    isNull(schema.skills.parentId),
    like
      ? or(
          ilike(schema.skills.name, like),
          exists(
            ctx.db
              .select({ id: sub.id })
              .from(sub)
              .where(
                and(
                  eq(sub.parentId, schema.skills.id),
                  isNull(sub.deletedAt),
                  ilike(sub.name, like),
                ),
              ),
          ),
        )
      : undefined,
  );
  const [{ total }] = await ctx.db.select({ total: count() }).from(schema.skills).where(where);
  const parents = await ctx.db
    .select(skillFields)
    .from(schema.skills)
    .where(where)
    .orderBy(asc(schema.skills.order), asc(schema.skills.id))
    .limit(input.perPage)
    .offset(offsetOf(input.page, input.perPage));
  const [views, subs] = await sideBySide(
    ctx.db,
    () => withUsage(ctx.db, parents),
    () =>
      subSkillsOf(
        ctx.db,
        parents.map((p) => p.id),
      ),
  );
  return {
    items: views.map((p) => ({ ...p, sub_skills: subs.get(p.id) ?? [] })),
    meta: pageMeta(input.page, input.perPage, Number(total)),
  };
}

/** Every live parent skill in its order (the screen's "Order parent skills" list). */
export async function listParentSkills(ctx: Ctx): Promise<{ id: number; name: string }[]> {
  requirePermission(ctx, "settings_skill_access");
  return ctx.db
    .select({ id: schema.skills.id, name: schema.skills.name })
    .from(schema.skills)
    .where(and(live, isNull(schema.skills.parentId)))
    .orderBy(asc(schema.skills.order), asc(schema.skills.id));
}

/** A path id that is not a positive integer names no skill: 404, not 422. */
export function parseSkillId(raw: unknown): number {
  if (!isId(raw)) throw new NotFoundError(SKILL_MESSAGES.notFound);
  return Number(raw);
}

/** A live skill, locked when asked (archived ones are gone from this screen: 404). */
export async function loadSkill(db: DbOrTx, id: number, lock?: "update" | "share") {
  const query = db
    .select(skillFields)
    .from(schema.skills)
    .where(and(eq(schema.skills.id, id), live));
  const [row] = lock ? await query.for(lock) : await query;
  if (!row) throw new NotFoundError(SKILL_MESSAGES.notFound);
  return row;
}

/** One skill with its usage; a parent skill with its sub-skills. */
export async function skillView(db: DbOrTx, row: SkillRow): Promise<SkillView | ParentSkillView> {
  const [view] = await withUsage(db, [row]);
  if (row.parent_id !== null) return view;
  return { ...view, sub_skills: (await subSkillsOf(db, [row.id])).get(row.id) ?? [] };
}

/** GET skills/{id}. */
export async function getSkill(ctx: Ctx, rawId: unknown): Promise<SkillView | ParentSkillView> {
  requirePermission(ctx, "settings_skill_access");
  return skillView(ctx.db, await loadSkill(ctx.db, parseSkillId(rawId)));
}
