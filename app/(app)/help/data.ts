import { cache } from "react";
import { notFound } from "next/navigation";
import { requestCtx } from "@/lib/auth/session";
import { pageData, pageId } from "@/lib/http/page";
import { requirePermission } from "@/lib/services/context";
import { getArticle, helpCategoryOptions } from "@/lib/services/help";

/*
 * What the article pages need, loaded once per request (React cache) by their layouts,
 * before loading.tsx's boundary: once a page streams its status (200) is sent, so an article
 * the reader may not see must be decided there for the 404 screen to answer 404.
 */

/** /help/{id}: an article of a category meant for the reader, else the 404 screen. */
export const articleForPage = cache(async (id: string) =>
  pageData(getArticle(await requestCtx(), pageId(id, "Help article"))),
);

/** /help/create/{id} [article_create]: the categories, and the one named by the path. */
export const createArticleData = cache(async (id: string) => {
  const ctx = await requestCtx();
  const categoryId = pageId(id, "Help category");
  const categories = await pageData(
    (async () => {
      requirePermission(ctx, "article_create");
      return helpCategoryOptions(ctx);
    })(),
  );
  const category = categories.find((c) => c.id === categoryId);
  if (!category) notFound();
  return { category, categories };
});

/** /help/edit/{id} [article_edit]: the article and the categories it may move to. */
export const editArticleData = cache(async (id: string) => {
  const ctx = await requestCtx();
  const articleId = pageId(id, "Help article");
  const [article, categories] = await pageData(
    (async () => {
      requirePermission(ctx, "article_edit");
      return Promise.all([getArticle(ctx, articleId), helpCategoryOptions(ctx)]);
    })(),
  );
  return { article, categories };
});
