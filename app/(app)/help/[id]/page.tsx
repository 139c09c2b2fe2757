import { NavLink } from "@/components/ui/nav-link";
import { ArrowLeft, Pencil } from "lucide-react";
import { Card, CardContent } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { buttonClass } from "@/components/ui/button";
import { ArticleHtml } from "@/components/help/article-html";
import { requestCtx } from "@/lib/auth/session";
import { routeMetadata } from "@/lib/auth/metadata";
import { can } from "@/lib/services/context";
import { formatDate } from "@/lib/domain/format";
import { viewerTimeZone } from "@/lib/services/viewer-zone";
import { articleForPage } from "../data";

export const metadata = routeMetadata("/help/:id");

/** One help article; an article of a category not meant for the reader is the 404 screen. */
export default async function HelpArticlePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const ctx = await requestCtx();
  const article = await articleForPage(id);
  const zone = await viewerTimeZone(ctx);
  return (
    <>
      <NavLink
        href="/help"
        className={buttonClass({ variant: "link", className: "mb-2 -ml-1 px-1" })}
      >
        <ArrowLeft aria-hidden /> Help centre
      </NavLink>
      <PageHeader
        title={article.title}
        description={`${article.category_name} · Updated ${formatDate(new Date(article.updated_at), zone)}`}
        actions={
          can(ctx, "article_edit") && (
            <NavLink
              href={`/help/edit/${article.id}`}
              className={buttonClass({ variant: "secondary" })}
            >
              <Pencil aria-hidden /> Edit
            </NavLink>
          )
        }
      />
      <Card>
        <CardContent>
          <ArticleHtml html={article.body} />
        </CardContent>
      </Card>
    </>
  );
}
