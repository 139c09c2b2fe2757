import { cache } from "react";
import { requestCtx } from "@/lib/auth/session";
import { pageData, pageId } from "@/lib/http/page";
import { getQuote } from "@/lib/services/quotes/view";

/** The quote of /job-quotes/{id} and /edit-quote/{id}, once per request, in the reader's scope. */
export const quoteForPage = cache(async (id: string) =>
  pageData(getQuote(await requestCtx(), pageId(id, "Quote"))),
);
