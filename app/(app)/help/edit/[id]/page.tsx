import { PageHeader } from "@/components/ui";
import { requestCtx } from "@/lib/auth/session";
import { routeMetadata } from "@/lib/auth/metadata";
import { pageData, pageId } from "@/lib/http/page";
import { requirePermission } from "@/lib/services/context";
import { getArticle, helpCategoryOptions } from "@/lib/services/help";
import { ArticleForm } from "../../article-form";

export const metadata = routeMetadata("/help/edit/:id");

/** /help/edit/{id} [article_edit]: change or delete an article. */
export default async function EditArticlePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const ctx = await requestCtx();
  const articleId = pageId(id, "Help article");
  const [article, categories] = await pageData(
    (async () => {
      requirePermission(ctx, "article_edit");
      return Promise.all([getArticle(ctx, articleId), helpCategoryOptions(ctx)]);
    })(),
  );
  return (
    <>
      <PageHeader title="Edit article" description={`In “${article.category_name}”.`} />
      <ArticleForm
        article={{
          id: article.id,
          title: article.title,
          body: article.body,
          category_id: article.category_id,
        }}
        categories={categories}
        canDelete
      />
    </>
  );
}
