import { eq } from "drizzle-orm";
import { schema, type DbOrTx, type Tx } from "@/db";
import { queryActor } from "../auth/actor";
import type { Ctx, TxCtx } from "../context";
import { renderBusinessDocument } from "../pdf/business-document";
import { documentIssuer } from "../pdf/issuer";
import { quoteDocumentModel } from "../pdf/quote";
import { getSetting } from "../settings";
import { getQuote, type QuoteView } from "./view";

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

/**
 * The PDF a sent quote's mail carries, made by the mail delivery inside its transaction `tx`
 * (after the send committed): read as the person who sent it, through the same read and scope
 * as the download.
 */
export async function sentQuotePdf(
  tx: Tx,
  quoteId: number,
): Promise<{ bytes: Buffer; filename: string }> {
  const [row] = await tx
    .select({ sentById: schema.quotes.sentById })
    .from(schema.quotes)
    .where(eq(schema.quotes.id, quoteId));
  if (!row?.sentById) throw new Error(`Quote ${quoteId} has not been sent.`);
  const sender = await queryActor(tx, row.sentById);
  if (!sender) throw new Error(`The sender of quote ${quoteId} can no longer act.`);
  const ctx: TxCtx = { db: tx, actor: sender, now: new Date() };
  return renderQuotePdf(tx, await getQuote(ctx, quoteId));
}
