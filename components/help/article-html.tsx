import "server-only";
import { sanitizeHelpHtml } from "@/lib/domain/help-html";
import { cn } from "@/components/ui/cn";
import { ARTICLE_PROSE } from "./prose";

/**
 * Renders a help article's HTML. This is the only place in the app that uses
 * dangerouslySetInnerHTML for help, and it does only this: the body was sanitized with the
 * allow-list before it was stored, and it is sanitized again here, on the server, right
 * before it is rendered. Sanitizing on read is cheap and means that nothing — a row written
 * before the allow-list, one changed by hand in the database, a caller that skipped the
 * service — can reach the browser as markup the allow-list would not let through.
 * Server-only, so sanitize-html never ships to the browser.
 */
export function ArticleHtml({ html, className }: { html: string; className?: string }) {
  return (
    <div
      className={cn(ARTICLE_PROSE, className)}
      dangerouslySetInnerHTML={{ __html: sanitizeHelpHtml(html) }}
    />
  );
}
