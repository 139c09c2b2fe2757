import type { Ctx } from "../context";
import { renderBusinessDocument } from "../pdf/business-document";
import { documentIssuer } from "../pdf/issuer";
import { quoteDocumentModel } from "../pdf/quote";
import { getSetting } from "../settings";
import { getQuote } from "./read";

/**
 * GET job-quotes/generate/{id}: the quote as the client receives it, an A4 PDF named
 * `Quote-<number>.pdf`. Whoever may read the quote may download it (the office with job_edit; a
 * client contact its own company's sent quotes): the same read, so the same 404s.
 */
export async function quotePdf(
  ctx: Ctx,
  id: unknown,
): Promise<{ bytes: Uint8Array; filename: string }> {
  const quote = await getQuote(ctx, id);
  const [issuer, terms] = await Promise.all([
    documentIssuer(ctx.db),
    getSetting(ctx.db, "agency_quote_terms"),
  ]);
  const buffer = await renderBusinessDocument(quoteDocumentModel(quote, terms), issuer);
  return { bytes: new Uint8Array(buffer), filename: `Quote-${quote.number}.pdf` };
}
