import { done } from "@/lib/domain/done";
import { z } from "zod";
import { NAME_MAX, RICH_TEXT_MAX, tooLongMessage } from "@/lib/domain/text-limits";
import { and, asc, count, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import { schema, type DbOrTx } from "@/db";
import { helpExcerpt, sanitizeHelpHtml, helpPlainText } from "@/lib/domain/help-html";
import { requirePermission, withTx, type Ctx } from "../context";
import { NotFoundError, ValidationError } from "../errors";
import { offsetOf, pageInput, pageMeta, type Page } from "../pagination";
import { idSchema, optionalId, searchText } from "../params";
import { parseInput } from "../validate";
import { logActivity } from "../activity";
import { escapeLike } from "../like";
import { nameField } from "../master-data";
import { HELP_MESSAGES, articleIdOf, readableCategories } from "./access";
import { linkArticleImages } from "./image-sweep";

/**
 * Help articles (spec §7 help/articles, §2 /help/create/{id} [article_create] and
 * /help/edit/{id} [article_edit]): a title, an HTML body and a category. The body is
 * sanitized here, on the server, before it is stored (lib/domain/help-html.ts); whatever a
 * caller sends, a `<script>` never reaches the database. Reading is scoped by the reader's
 * roles (./access.ts): an article of a category not meant for the reader is a 404.
 */
export const ARTICLE_MESSAGES = {
  created: (title: string) => done("Article", title, "created"),
  edited: (title: string) => done("Article", title, "edited"),
  deleted: (title: string) => done("Article", title, "deleted"),
  badCategory: "The selected category is invalid.",
  bodyRequired: "The body field is required.",
  bodyTooLong: tooLongMessage("text", RICH_TEXT_MAX),
} as const;

/** The largest body accepted, before and after sanitizing (about 100 kB of HTML). */
export const MAX_BODY_CHARS = RICH_TEXT_MAX;

export const articleInput = z.object({
  title: nameField(NAME_MAX, "title"),
  body: z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? ARTICLE_MESSAGES.bodyRequired
          : "The body must be a string.",
    })
    .max(MAX_BODY_CHARS, ARTICLE_MESSAGES.bodyTooLong),
  category_id: z.preprocess((v) => (v === "" || v === null ? undefined : v), idSchema.optional()),
});
export type ArticleInput = z.input<typeof articleInput>;

export const articlesListInput = pageInput(10).extend({
  filter: z
    .object({ category_id: optionalId, search: searchText })
    .default({ category_id: undefined, search: undefined }),
});

export interface ArticleSummary {
  id: number;
  title: string;
  excerpt: string;
  category_id: number;
  category_name: string;
  updated_at: string;
}

export interface ArticleView extends ArticleSummary {
  /** Sanitized HTML (as stored, and sanitized again on the way out). */
  body: string;
  created_at: string;
}

const a = schema.helpArticles;
const c = schema.helpCategories;

/** The text of a body without its tags, for searching (the body is stored as HTML). */
const bodyText = sql`regexp_replace(${a.body}, '<[^>]*>', ' ', 'g')`;

/** Title or text contains the search, case-insensitively, wildcards taken literally. */
export function articleSearch(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = `%${escapeLike(search)}%`;
  return or(ilike(a.title, pattern), sql`${bodyText} ilike ${pattern}`);
}

const summaryFields = {
  id: a.id,
  title: a.title,
  // The excerpt needs only the start of the body.
  head: sql<string>`left(${a.body}, 3000)`,
  category_id: a.categoryId,
  category_name: c.name,
  updated_at: a.updatedAt,
};

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

function summaryOf(r: {
  id: number;
  title: string;
  head: string;
  category_id: number;
  category_name: string;
  updated_at: Date;
}): ArticleSummary {
  return {
    id: r.id,
    title: r.title,
    excerpt: helpExcerpt(r.head),
    category_id: r.category_id,
    category_name: r.category_name,
    updated_at: iso(r.updated_at),
  };
}

export const articleOrder = [asc(c.weight), asc(c.id), asc(a.weight), asc(a.id)];

/** GET help/articles?filter[category_id]=&filter[search]=: the reader's articles, 10 a page. */
export async function listArticles(ctx: Ctx, raw: unknown): Promise<Page<ArticleSummary>> {
  requirePermission(ctx, "help_access");
  const input = parseInput(articlesListInput, raw ?? {});
  const where = and(
    readableCategories(ctx),
    input.filter.category_id ? eq(a.categoryId, input.filter.category_id) : undefined,
    articleSearch(input.filter.search),
  );
  const [{ total }] = await ctx.db
    .select({ total: count() })
    .from(a)
    .innerJoin(c, eq(c.id, a.categoryId))
    .where(where);
  const rows = await ctx.db
    .select(summaryFields)
    .from(a)
    .innerJoin(c, eq(c.id, a.categoryId))
    .where(where)
    .orderBy(...articleOrder)
    .limit(input.perPage)
    .offset(offsetOf(input.page, input.perPage));
  return {
    items: rows.map(summaryOf),
    meta: pageMeta(input.page, input.perPage, Number(total)),
  };
}

const viewFields = {
  id: a.id,
  title: a.title,
  body: a.body,
  category_id: a.categoryId,
  category_name: c.name,
  created_at: a.createdAt,
  updated_at: a.updatedAt,
};

async function loadArticle(ctx: Ctx, db: DbOrTx, id: number): Promise<ArticleView> {
  const [row] = await db
    .select(viewFields)
    .from(a)
    .innerJoin(c, eq(c.id, a.categoryId))
    .where(and(eq(a.id, id), readableCategories(ctx)));
  if (!row) throw new NotFoundError(HELP_MESSAGES.articleNotFound);
  // Sanitized again on the way out: cheap, and it keeps rows written before the allow-list
  // (or by hand in the database) as safe as new ones.
  const body = sanitizeHelpHtml(row.body);
  return {
    id: row.id,
    title: row.title,
    body,
    excerpt: helpExcerpt(body),
    category_id: row.category_id,
    category_name: row.category_name,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

/** GET help/articles/{id}: one article of a category meant for the reader, else 404. */
export async function getArticle(ctx: Ctx, rawId: unknown): Promise<ArticleView> {
  requirePermission(ctx, "help_access", "article_edit");
  return loadArticle(ctx, ctx.db, articleIdOf(rawId));
}

/** The sanitized body, or 422 when nothing readable is left of it. */
function cleanBody(body: string): string {
  const clean = sanitizeHelpHtml(body);
  if (!helpPlainText(clean) && !clean.includes("<img"))
    throw new ValidationError(ARTICLE_MESSAGES.bodyRequired, {
      body: [ARTICLE_MESSAGES.bodyRequired],
    });
  if (clean.length > MAX_BODY_CHARS)
    throw new ValidationError(ARTICLE_MESSAGES.bodyTooLong, {
      body: [ARTICLE_MESSAGES.bodyTooLong],
    });
  return clean;
}

/** The category an article goes into: it must exist (key-share locked until the commit). */
async function categoryFor(db: DbOrTx, id: number | undefined): Promise<number> {
  const fail = () =>
    new ValidationError(id ? ARTICLE_MESSAGES.badCategory : "The category field is required.", {
      category_id: [id ? ARTICLE_MESSAGES.badCategory : "The category field is required."],
    });
  if (!id) throw fail();
  const [row] = await db.select({ id: c.id }).from(c).where(eq(c.id, id)).for("key share");
  if (!row) throw fail();
  return row.id;
}

const nextWeight = async (db: DbOrTx, categoryId: number) => {
  const [{ last }] = await db
    .select({ last: sql<number>`coalesce(max(${a.weight}), 0)::int` })
    .from(a)
    .where(eq(a.categoryId, categoryId));
  return Number(last) + 1;
};

/** POST help/articles (title, body, category_id): added at the end of its category. */
export async function createArticle(
  ctx: Ctx,
  raw: unknown,
): Promise<ArticleView & { message: string }> {
  const actor = requirePermission(ctx, "article_create");
  const input = parseInput(articleInput, raw ?? {});
  const body = cleanBody(input.body);
  const id = await withTx(ctx, async (ctx) => {
    const categoryId = await categoryFor(ctx.db, input.category_id);
    const [created] = await ctx.db
      .insert(a)
      .values({
        categoryId,
        title: input.title,
        body,
        weight: await nextWeight(ctx.db, categoryId),
        createdById: actor.kind === "user" ? actor.userId : null,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      })
      .returning({ id: a.id });
    await linkArticleImages(ctx.db, created.id, body);
    await logActivity(ctx, {
      logName: "help",
      description: `Created help article "${input.title}"`,
      subjectType: "help_articles",
      subjectId: created.id,
      properties: { title: input.title, category_id: categoryId },
    });
    return created.id;
  });
  const created = await loadArticle(ctx, ctx.db, id);
  return { ...created, message: ARTICLE_MESSAGES.created(created.title) };
}

/** PUT help/articles/{id} (title, body, category_id): another category puts it last there. */
export async function updateArticle(
  ctx: Ctx,
  rawId: unknown,
  raw: unknown,
): Promise<ArticleView & { message: string }> {
  requirePermission(ctx, "article_edit");
  const id = articleIdOf(rawId);
  const input = parseInput(articleInput, raw ?? {});
  const body = cleanBody(input.body);
  await withTx(ctx, async (ctx) => {
    const [before] = await ctx.db
      .select({ title: a.title, categoryId: a.categoryId, body: a.body })
      .from(a)
      .where(eq(a.id, id))
      .for("update");
    if (!before) throw new NotFoundError(HELP_MESSAGES.articleNotFound);
    const categoryId = await categoryFor(ctx.db, input.category_id);
    const moved = categoryId !== before.categoryId;
    await ctx.db
      .update(a)
      .set({
        title: input.title,
        body,
        categoryId,
        ...(moved ? { weight: await nextWeight(ctx.db, categoryId) } : {}),
        updatedAt: ctx.now,
      })
      .where(eq(a.id, id));
    await linkArticleImages(ctx.db, id, body);
    await logActivity(ctx, {
      logName: "help",
      description: `Edited help article "${input.title}"`,
      subjectType: "help_articles",
      subjectId: id,
      properties: {
        old: {
          title: before.title,
          category_id: before.categoryId,
          body_length: before.body.length,
        },
        attributes: { title: input.title, category_id: categoryId, body_length: body.length },
      },
    });
  });
  const edited = await loadArticle(ctx, ctx.db, id);
  return { ...edited, message: ARTICLE_MESSAGES.edited(edited.title) };
}

/** DELETE help/articles/{id}. */
export async function deleteArticle(
  ctx: Ctx,
  rawId: unknown,
): Promise<{ id: number; message: string }> {
  requirePermission(ctx, "article_edit");
  const id = articleIdOf(rawId);
  const title = await withTx(ctx, async (ctx) => {
    const [row] = await ctx.db
      .delete(a)
      .where(eq(a.id, id))
      .returning({ title: a.title, categoryId: a.categoryId });
    if (!row) throw new NotFoundError(HELP_MESSAGES.articleNotFound);
    await logActivity(ctx, {
      logName: "help",
      description: `Deleted help article "${row.title}"`,
      subjectType: "help_articles",
      subjectId: id,
      properties: { title: row.title, category_id: row.categoryId },
    });
    return row.title;
  });
  return { id, message: ARTICLE_MESSAGES.deleted(title) };
}
