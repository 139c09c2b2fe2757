import type { DbOrTx } from "@/db";
import type { Ctx } from "../context";
import { renderBusinessDocument } from "../pdf/business-document";
import { documentIssuer } from "../pdf/issuer";
import { quoteDocumentModel } from "../pdf/quote";
import { getSetting } from "../settings";
import { getQuote, type QuoteView } from "./read";

/** A quote typeset as the client receives it (the download and the mail's attachment). */
export async function renderQuotePdf(
  db: DbOrTx,
  quote: QuoteView,
): Promise<{ bytes: Buffer; filename: string }> {
  const [issuer, terms] = await Promise.all([
    documentIssuer(db),
    getSetting(db, "agency_quote_terms"),
  ]);
  const bytes = await renderBusinessDocument(quoteDocumentModel(quote, terms), issuer);
  return { bytes: Buffer.from(bytes), filename: `Quote-${quote.number}.pdf` };
}

/**
 * GET job-quotes/generate/{id}: the quote as the client receives it, an A4 PDF named
 * `Quote-<number>.pdf`. Whoever may read the quote may download it (the office with job_edit; a
 * client contact its own company's sent quotes): the same read, so the same 404s.
 */
export async function quotePdf(
  ctx: Ctx,
  id: unknown,
): Promise<{ bytes: Uint8Array; filename: string }> {
  const { bytes, filename } = await renderQuotePdf(ctx.db, await getQuote(ctx, id));
  return { bytes: new Uint8Array(bytes), filename };
}
