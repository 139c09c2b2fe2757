import { count, eq } from "drizzle-orm";
import { schema } from "@/db";
import { requirePermission, withTx, type Ctx } from "../context";
import { ValidationError } from "../errors";
import { logActivity } from "../activity";
import { countOf, saveWeights, WEIGHTS_SAVED, weightsInput } from "../master-data";
import { idSchema } from "../params";
import { parseInput } from "../validate";

const a = schema.helpArticles;
const c = schema.helpCategories;

export const articleWeightsInput = weightsInput.extend({ category_id: idSchema });

const MESSAGES = {
  badCategory: "The selected category is invalid.",
  notAll: "Order every article of the category at once; the list has changed, reload it.",
} as const;

/**
 * POST help/articles/save-weights { category_id, ids }: the order of one category's articles
 * in the help centre. Every article of the category is ordered at once (a part would leave
 * the others on weights that clash with the new ones).
 */
export async function saveHelpArticleWeights(
  ctx: Ctx,
  raw: unknown,
): Promise<{ ids: number[]; message: string }> {
  requirePermission(ctx, "article_edit");
  const input = parseInput(articleWeightsInput, raw ?? {});
  const ids = await withTx(ctx, async (ctx) => {
    // The category row first (an article moving in or out of it waits), then its articles.
    const [category] = await ctx.db
      .select({ id: c.id, name: c.name })
      .from(c)
      .where(eq(c.id, input.category_id))
      .for("update");
    if (!category)
      throw new ValidationError(MESSAGES.badCategory, { category_id: [MESSAGES.badCategory] });
    const [{ n }] = await ctx.db
      .select({ n: count() })
      .from(a)
      .where(eq(a.categoryId, category.id));
    if (Number(n) !== input.ids.length)
      throw new ValidationError(MESSAGES.notAll, { ids: [MESSAGES.notAll] });
    const saved = await saveWeights(ctx.db, {
      table: a,
      id: a.id,
      weight: a.weight,
      ids: input.ids,
      scope: eq(a.categoryId, category.id),
      message: MESSAGES.notAll,
    });
    await logActivity(ctx, {
      logName: "help",
      description: `Set the order of ${countOf(saved.length, "article")} in "${category.name}"`,
      subjectType: "help_categories",
      subjectId: category.id,
      properties: { ids: saved },
    });
    return saved;
  });
  return { ids, message: WEIGHTS_SAVED };
}
