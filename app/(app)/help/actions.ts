"use server";

import type { z } from "zod";
import { runAction, runParsed } from "@/lib/http/action";
import {
  articleInput,
  createArticle,
  deleteArticle,
  saveHelpArticleWeights,
  updateArticle,
} from "@/lib/services/help";

type ArticleValues = z.input<typeof articleInput>;

export async function createArticleAction(values: ArticleValues) {
  return runParsed(articleInput, values, createArticle);
}

export async function updateArticleAction(id: number, values: ArticleValues) {
  return runParsed(articleInput, values, (ctx, input) => updateArticle(ctx, id, input));
}

export async function deleteArticleAction(id: number) {
  return runAction((ctx) => deleteArticle(ctx, id));
}

/** The order of one category's articles (every article of it, first to last). */
export async function saveArticleWeightsAction(categoryId: number, ids: number[]) {
  return runAction((ctx) => saveHelpArticleWeights(ctx, { category_id: categoryId, ids }));
}
