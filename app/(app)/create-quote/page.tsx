import { PageHeader } from "@/components/ui/page-header";
import { QuoteForm } from "@/components/quotes/quote-form";
import { emptyLine } from "@/components/quotes/quote-form-values";
import { requestCtx } from "@/lib/auth/session";
import { routeMetadata } from "@/lib/auth/metadata";
import { pageData } from "@/lib/http/page";
import { quoteFormOptions } from "@/lib/services/quotes/form-options";
import { previewQuoteAction, quoteClientAction, saveQuoteAction } from "../job-quotes/actions";

export const metadata = routeMetadata("/create-quote");

/** /create-quote [job_edit] (issue 24): a new Draft quote. */
export default async function CreateQuotePage() {
  const ctx = await requestCtx();
  const options = await pageData(quoteFormOptions(ctx));
  return (
    <>
      <PageHeader
        title="New quote"
        description="Price work for a client with its rate card. It is saved as a draft; send it when it is ready."
      />
      <QuoteForm
        quoteId={null}
        revisionNote={null}
        lockClient={false}
        initial={{
          company_id: "",
          branch_id: "",
          venue_id: "",
          address: "",
          name: "",
          valid_until: "",
          notes: "",
          discount_kind: "",
          discount_value: "",
          lines: [emptyLine(1)],
          costs: [],
        }}
        initialClient={null}
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
