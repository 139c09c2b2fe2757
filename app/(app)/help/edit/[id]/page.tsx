import { PageHeader } from "@/components/ui/page-header";
import { routeMetadata } from "@/lib/auth/metadata";
import { ArticleForm } from "../../article-form";
import { editArticleData } from "../../data";

export const metadata = routeMetadata("/help/edit/:id");

/** /help/edit/{id} [article_edit]: change or delete an article. */
export default async function EditArticlePage({ params }: { params: Promise<{ id: string }> }) {
  const { article, categories } = await editArticleData((await params).id);
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
