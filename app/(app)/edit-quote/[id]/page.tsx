import { notFound } from "next/navigation";
import { PageHeader } from "@/components/ui/page-header";
import { QuoteForm } from "@/components/quotes/quote-form";
import { valuesOfQuote } from "@/components/quotes/quote-form-values";
import { requestCtx } from "@/lib/auth/session";
import { routeMetadata } from "@/lib/auth/metadata";
import { pageData } from "@/lib/http/page";
import { quoteFormClient, quoteFormOptions } from "@/lib/services/quotes/form-options";
import { quoteForPage } from "../../job-quotes/[id]/data";
import { previewQuoteAction, quoteClientAction, saveQuoteAction } from "../../job-quotes/actions";

export const metadata = routeMetadata("/edit-quote/1");

/**
 * /edit-quote/{id} [job_edit] (issue 24): a Draft is changed in place; a Sent, Expired or
 * Declined quote gets a new revision when saved (the page says so). An Accepted quote, or an
 * older revision, cannot be edited: the 404 screen.
 */
export default async function EditQuotePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const ctx = await requestCtx();
  const q = await quoteForPage(id);
  if (!q.actions.edit) notFound();
  const [options, client] = await Promise.all([
    pageData(quoteFormOptions(ctx)),
    pageData(quoteFormClient(ctx, q.company.id)),
  ]);
  const next = `${q.number.replace(/-R\d+$/, "")}-R${q.revision + 1}`;
  return (
    <>
      <PageHeader title={`Edit ${q.number}`} description={`${q.name} · ${q.company.name}`} />
      <QuoteForm
        quoteId={q.id}
        revisionNote={
          q.actions.editMakesRevision
            ? `This quote is ${q.status.toLowerCase()}. Saving makes a new revision, ${next}; ${q.number} stays as it is. The client sees the new one once you send it.`
            : null
        }
        lockClient={q.actions.editMakesRevision}
        initial={valuesOfQuote(q)}
        initialClient={client}
        options={options}
        actions={{
          loadClient: quoteClientAction,
          preview: previewQuoteAction,
          save: saveQuoteAction,
        }}
      />
    </>
  );
}
