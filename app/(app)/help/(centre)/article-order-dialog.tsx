"use client";

import { OrderDialog } from "@/components/master-data/order-dialog";
import { saveArticleWeightsAction } from "../actions";
import type { OrderedArticle } from "./article-order";

/** The drag list of one category's articles; each move is saved at once. */
export default function ArticleOrderDialog({
  open,
  onOpenChange,
  category,
  articles,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  category: { id: number; name: string };
  articles: OrderedArticle[];
}) {
  return (
    <OrderDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Order the articles of ${category.name}`}
      noun="an article"
      items={articles.map((a) => ({ id: a.id, name: a.title }))}
      label={`Order of the articles of ${category.name}`}
      saveAction={(ids) => saveArticleWeightsAction(category.id, ids)}
    />
  );
}
