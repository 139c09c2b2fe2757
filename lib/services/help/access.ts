import { sql, type SQL } from "drizzle-orm";
import { schema } from "@/db";
import type { Ctx } from "../context";
import { NotFoundError } from "../errors";
import { isId } from "../params";

/**
 * Who reads which help (spec §6: help articles are filtered by role, `target_roles`). A
 * category is meant for the roles in its target_roles, or for everyone when that is empty.
 * Administrators, and whoever writes or arranges the help (article_create, article_edit,
 * help_category_access), see every category: they write for the others and must see what
 * they edit. Everyone else gets only the categories meant for one of their roles; an
 * article of any other category is a 404 through the list, the article page and the API.
 */
export const HELP_MESSAGES = {
  articleNotFound: "Help article not found.",
  categoryNotFound: "Help category not found.",
} as const;

export function seesAllHelp(ctx: Ctx): boolean {
  const a = ctx.actor;
  if (!a) return false;
  if (a.kind === "system" || a.isAdmin) return true;
  return ["article_create", "article_edit", "help_category_access"].some((p) =>
    a.permissions.has(p),
  );
}

/** The condition on help_categories of what the actor may read; undefined: everything. */
export function readableCategories(ctx: Ctx): SQL | undefined {
  if (seesAllHelp(ctx)) return undefined;
  const a = ctx.actor;
  const roleIds = a && a.kind === "user" ? a.roles.map((r) => r.id) : [];
  const t = schema.helpCategories.targetRoles;
  const forRole = roleIds.map((id) => sql`${t} @> ${JSON.stringify([id])}::jsonb`);
  return sql`(jsonb_array_length(${t}) = 0${forRole.length ? sql` or ${sql.join(forRole, sql` or `)}` : sql``})`;
}

/** A path id that is not a positive integer names no article: 404, not 422. */
export function articleIdOf(raw: unknown): number {
  if (!isId(raw)) throw new NotFoundError(HELP_MESSAGES.articleNotFound);
  return Number(raw);
}

export function categoryIdOf(raw: unknown): number {
  if (!isId(raw)) throw new NotFoundError(HELP_MESSAGES.categoryNotFound);
  return Number(raw);
}
