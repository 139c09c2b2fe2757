import { eq } from "drizzle-orm";
import { schema, type DbOrTx, type Tx, sideBySide } from "@/db";
import type { UserActor } from "../actor-types";
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
  const [issuer, terms] = await sideBySide(
    db,
    () => documentIssuer(db),
    () => getSetting(db, "agency_quote_terms"),
  );
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
 * Who reads a sent quote for its mail: the agency's office (job_edit, no company scope), on
 * behalf of the user who sent it. The send was allowed and committed; the quote is frozen; the
 * mail goes out under the agency's name (MAIL_FROM and the agency's signature). So the sender
 * being deactivated, archived or moved to another role before the delivery changes nothing:
 * the client still gets the quote it was sent.
 */
const sentQuoteReader = (sentById: number): UserActor => ({
  kind: "user",
  userId: sentById,
  name: "Agency",
  email: "",
  roles: [],
  permissions: new Set(["job_edit"]),
  companyId: null,
  branchIds: [],
  isAdmin: false,
  isClient: false,
  totpEnabled: false,
  approved: true,
});

/**
 * The PDF a sent quote's mail carries, made by the mail delivery inside its transaction `tx`
 * (after the send committed), through the same read as the download (sentQuoteReader).
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
  const ctx: TxCtx = { db: tx, actor: sentQuoteReader(row.sentById), now: new Date() };
  return renderQuotePdf(tx, await getQuote(ctx, quoteId));
}
