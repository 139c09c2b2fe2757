import { PageHeader } from "@/components/ui/page-header";
import { routeMetadata } from "@/lib/auth/metadata";
import { ArticleForm } from "../../article-form";
import { createArticleData } from "../../data";

export const metadata = routeMetadata("/help/create/:id");

/** /help/create/{id} [article_create]: a new article in the category {id}. */
export default async function CreateArticlePage({ params }: { params: Promise<{ id: string }> }) {
  const { category, categories } = await createArticleData((await params).id);
  return (
    <>
      <PageHeader
        title="New article"
        description={`In “${category.name}”. Headings and lists make a guide easy to follow on a phone.`}
      />
      <ArticleForm
        article={{ title: "", body: "", category_id: category.id }}
        categories={categories}
      />
    </>
  );
}
