import { z } from "zod";
import { and, asc, eq, sql } from "drizzle-orm";
import { schema } from "@/db";
import { helpExcerpt } from "@/lib/domain/help-html";
import { requirePermission, type Ctx } from "../context";
import { searchText } from "../params";
import { parseInput } from "../validate";
import { articleOrder, articleSearch } from "./articles";
import { readableCategories } from "./access";

/**
 * GET help (spec §2 /help [help_access], §7): the help centre of the reader — the
 * categories meant for one of its roles (or for everyone), in their order, each with its
 * articles (title and excerpt). With a search only the matching articles are answered, and
 * the categories holding none are left out.
 */
export interface HelpCentre {
  search: string | null;
  categories: {
    id: number;
    name: string;
    description: string | null;
    articles: { id: number; title: string; excerpt: string }[];
  }[];
  /** Articles answered, over all categories. */
  total: number;
}

export const helpCentreInput = z.object({ search: searchText });

/** An installation with more help than this is asked to search (the page says so). */
export const HELP_CENTRE_LIMIT = 300;

export async function helpCentre(ctx: Ctx, raw: unknown): Promise<HelpCentre> {
  requirePermission(ctx, "help_access");
  const { search } = parseInput(helpCentreInput, raw ?? {});
  const a = schema.helpArticles;
  const c = schema.helpCategories;
  const categories = await ctx.db
    .select({ id: c.id, name: c.name, description: c.description })
    .from(c)
    .where(readableCategories(ctx))
    .orderBy(asc(c.weight), asc(c.id));
  const articles = await ctx.db
    .select({
      id: a.id,
      title: a.title,
      head: sql<string>`left(${a.body}, 3000)`,
      categoryId: a.categoryId,
    })
    .from(a)
    .innerJoin(c, eq(c.id, a.categoryId))
    .where(and(readableCategories(ctx), articleSearch(search)))
    .orderBy(...articleOrder)
    .limit(HELP_CENTRE_LIMIT);
  const byCategory = new Map<number, HelpCentre["categories"][number]["articles"]>();
  for (const r of articles) {
    const list = byCategory.get(r.categoryId) ?? [];
    list.push({ id: r.id, title: r.title, excerpt: helpExcerpt(r.head) });
    byCategory.set(r.categoryId, list);
  }
  return {
    search: search ?? null,
    categories: categories
      .map((cat) => ({ ...cat, articles: byCategory.get(cat.id) ?? [] }))
      .filter((cat) => !search || cat.articles.length > 0),
    total: articles.length,
  };
}
