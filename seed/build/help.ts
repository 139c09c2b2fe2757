import * as schema from "@/db/schema";
import { sanitizeHelpHtml } from "@/lib/domain/help-html";
import type { RoleTitle } from "@/lib/domain/permissions";
import { HELP_CATEGORIES } from "../data/help";
import { days, must, type World } from "./world";

/**
 * The help centre (seed/data/help.ts): categories targeted at roles, in order, and their
 * articles, stored as the service stores them (sanitized HTML).
 */
export async function seedHelp(w: World): Promise<void> {
  const createdAt = new Date(w.now.getTime() - days(300));
  const categories = await w.tx
    .insert(schema.helpCategories)
    .values(
      HELP_CATEGORIES.map((c, i) => ({
        name: c.name,
        description: c.description,
        targetRoles: c.roles.map((r) => must(w.roles, r as RoleTitle, "role")),
        weight: i + 1,
        createdAt,
        updatedAt: createdAt,
      })),
    )
    .returning({ id: schema.helpCategories.id, name: schema.helpCategories.name });
  const categoryId = new Map(categories.map((c) => [c.name, c.id]));
  await w.tx.insert(schema.helpArticles).values(
    HELP_CATEGORIES.flatMap((c, ci) =>
      c.articles.map((a, i) => {
        const at = new Date(createdAt.getTime() + days(ci * 20 + i * 7));
        return {
          categoryId: must(categoryId, c.name, "help category"),
          title: a.title,
          body: sanitizeHelpHtml(a.body),
          weight: i + 1,
          createdById: w.staff.admin,
          createdAt: at,
          updatedAt: at,
        };
      }),
    ),
  );
}
