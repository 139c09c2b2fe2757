import { eq } from "drizzle-orm";
import { schema } from "@/db";
import { formatMoney } from "@/lib/domain/money";
import { derivedQuoteStatus, quoteNumber } from "@/lib/domain/quotes";
import { env } from "@/lib/env";
import { newFileKey } from "@/lib/files/keys";
import { queueMail } from "@/lib/mail";
import { logActivity } from "../activity";
import { withTx, type Ctx, type TxCtx } from "../context";
import { ConflictError, ValidationError } from "../errors";
import { parseInput } from "../validate";
import {
  loadQuote,
  localToday,
  QUOTE_MESSAGES,
  quoteReader,
  requireQuoteOffice,
  supersededMessage,
} from "./access";
import { clientContacts } from "./prepare";
import { getQuote, type QuoteView } from "./view";
import { decideQuoteInput, quoteIdInput } from "./schemas";

/**
 * The state verbs of a quote (issue 24): Draft → Sent (POST job-quotes/send), Sent →
 * Accepted or Declined (POST job-quotes/accept, job-quotes/decline). An Expired quote (a Draft
 * or Sent one past its validity) is read-only: it is neither sent nor accepted; an edit
 * makes a new revision. Each verb locks the quote row, re-reads it and writes in one
 * transaction, with its sentence in the activity log.
 */

/** The link a client contact follows to the quote. */
export const quoteLink = (quoteId: number) => `${env.APP_URL}/job-quotes/${quoteId}`;

/**
 * POST job-quotes/send: mails each active client contact of the company (outbox), each mail
 * with the quote's PDF attached. The mails name one file key and the quote: the delivery
 * typesets the PDF once, from the sent quote (frozen: an edit makes a new revision), stores it
 * under that key and sends those same bytes to every contact and on every retry. So no lock
 * waits on typesetting and a refused send leaves nothing behind.
 */
export async function sendQuote(ctx: Ctx, raw: unknown): Promise<QuoteView> {
  const actor = requireQuoteOffice(ctx);
  const input = parseInput(quoteIdInput, raw ?? {});
  const id = await withTx(ctx, async (ctx) => sendLocked(ctx, actor.userId, input.quoteId));
  return getQuote(ctx, id);
}

async function sendLocked(ctx: TxCtx, actorId: number, quoteId: number): Promise<number> {
  const q = await loadQuote(ctx, { companyId: null }, quoteId, { lock: true });
  if (q.supersededAt) throw new ConflictError(QUOTE_MESSAGES.superseded, "quote_superseded");
  const status = derivedQuoteStatus(q, localToday(ctx.now, q.timeZone));
  if (status === "Expired") throw new ConflictError(QUOTE_MESSAGES.expired, "quote_expired");
  if (status !== "Draft") throw new ConflictError(QUOTE_MESSAGES.notDraft, "quote_not_draft");
  const contacts = await clientContacts(ctx, q.companyId);
  if (!contacts.length)
    throw new ValidationError(QUOTE_MESSAGES.noContacts(q.companyName), {
      quoteId: [QUOTE_MESSAGES.noContacts(q.companyName)],
    });
  await ctx.db
    .update(schema.quotes)
    .set({ status: "Sent", sentAt: ctx.now, sentById: actorId, updatedAt: ctx.now })
    .where(eq(schema.quotes.id, q.id));
  const number = quoteNumber(q);
  const total = formatMoney(q.totalAmount, q.currencyCode.trim());
  const pdf = {
    filename: `Quote-${number}.pdf`,
    contentType: "application/pdf",
    key: newFileKey("mail/quotes", "pdf"),
    source: { kind: "quote" as const, id: q.id },
  };
  for (const c of contacts)
    await queueMail(
      ctx.db,
      {
        to: c.email,
        template: "quote_sent",
        subject: `Quote ${number}: ${q.name}`,
        text: [
          `Hi ${c.name},`,
          "",
          `We have prepared quote ${number} "${q.name}" for ${q.companyName}.`,
          `Total: ${total}. Valid until ${q.validUntil.split("-").reverse().join("/")}.`,
          "",
          `See the quote and accept or decline it here: ${quoteLink(q.id)}`,
        ].join("\n"),
        attachments: [pdf],
      },
      ctx.now,
    );
  await logActivity(ctx, {
    logName: "quotes",
    description: `sent quote ${number} to ${q.companyName}`,
    subjectType: "quotes",
    subjectId: q.id,
    properties: { number, recipients: contacts.map((c) => c.id) },
  });
  return q.id;
}

/** POST job-quotes/accept (quoteId, comment). */
export const acceptQuote = (ctx: Ctx, raw: unknown) => decideQuote(ctx, raw, "Accepted");
/** POST job-quotes/decline (quoteId, comment). */
export const declineQuote = (ctx: Ctx, raw: unknown) => decideQuote(ctx, raw, "Declined");

/**
 * A client contact of the quote's company decides (another company's quote: 404), or the
 * office with job_edit on the client's behalf (the log says so). Only a Sent quote within its
 * validity: otherwise 409.
 */
async function decideQuote(
  ctx: Ctx,
  raw: unknown,
  decision: "Accepted" | "Declined",
): Promise<QuoteView> {
  const reader = quoteReader(ctx);
  const input = parseInput(decideQuoteInput, raw ?? {});
  const id = await withTx(ctx, async (ctx) => {
    const q = await loadQuote(ctx, reader, input.quoteId, { lock: true });
    if (q.supersededAt) throw new ConflictError(supersededMessage(reader), "quote_superseded");
    const status = derivedQuoteStatus(q, localToday(ctx.now, q.timeZone));
    if (status === "Expired") throw new ConflictError(QUOTE_MESSAGES.expired, "quote_expired");
    if (status !== "Sent") throw new ConflictError(QUOTE_MESSAGES.notSent, "quote_not_sent");
    await ctx.db
      .update(schema.quotes)
      .set({
        status: decision,
        decidedAt: ctx.now,
        decidedById: reader.actor.userId,
        decisionComment: input.comment,
        updatedAt: ctx.now,
      })
      .where(eq(schema.quotes.id, q.id));
    const number = quoteNumber(q);
    const verb = decision === "Accepted" ? "accepted" : "declined";
    await logActivity(ctx, {
      logName: "quotes",
      description:
        reader.companyId === null
          ? `${verb} quote ${number} on behalf of ${q.companyName}`
          : `${verb} quote ${number} for ${q.companyName}`,
      subjectType: "quotes",
      subjectId: q.id,
      properties: {
        number,
        comment: input.comment,
        on_behalf: reader.companyId === null,
      },
    });
    return q.id;
  });
  return getQuote(ctx, id);
}
