import { PageHeader } from "@/components/ui";
import { requestCtx } from "@/lib/auth/session";
import { routeMetadata } from "@/lib/auth/metadata";
import { pageData, pageId } from "@/lib/http/page";
import { requirePermission } from "@/lib/services/context";
import { helpCategoryOptions } from "@/lib/services/help";
import { notFound } from "next/navigation";
import { ArticleForm } from "../../article-form";

export const metadata = routeMetadata("/help/create/:id");

/** /help/create/{id} [article_create]: a new article in the category {id}. */
export default async function CreateArticlePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
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
