import { and, eq, isNull, sql } from "drizzle-orm";
import { schema } from "@/db";
import { derivedQuoteStatus, quoteNumber, quoteSequenceName } from "@/lib/domain/quotes";
import { logActivity } from "../activity";
import { withTx, type Ctx, type TxCtx } from "../context";
import { ConflictError, ValidationError } from "../errors";
import { parseInput } from "../validate";
import {
  loadQuote,
  localToday,
  QUOTE_MESSAGES,
  requireQuoteOffice,
  type LoadedQuote,
} from "./access";
import { insertQuoteParts, prepareQuote, quoteValues, type MissingPrice } from "./prepare";
import { getQuote, type QuoteView } from "./view";
import { editQuoteInput, quoteFieldsInput, quoteIdInput } from "./schemas";

/**
 * Writing quotes (issue 24): POST job-quotes/save, edit and delete. The office with job_edit
 * only. Each verb checks, prices and writes in one transaction; the quote row is locked
 * before it is re-read and changed.
 */

export type SavedQuote = QuoteView & { missing: MissingPrice[] };

/**
 * The next number of a year, gap-free: the counter row is created or incremented inside the
 * saving transaction, so a rolled-back save gives its number back and concurrent saves queue
 * on the row.
 */
async function nextSequence(ctx: TxCtx, year: number): Promise<number> {
  const result = (await ctx.db.execute(
    sql`insert into ${schema.numberSequences} (name, value) values (${quoteSequenceName(year)}, 1)
        on conflict (name) do update set value = ${schema.numberSequences.value} + 1
        returning value`,
  )) as unknown as { rows: { value: number }[] };
  return Number(result.rows[0].value);
}

const log = (ctx: TxCtx, quoteId: number, description: string, properties = {}) =>
  logActivity(ctx, {
    logName: "quotes",
    description,
    subjectType: "quotes",
    subjectId: quoteId,
    properties,
  });

/** POST job-quotes/save: a new Draft, numbered Q-<year>-<sequence> in the branch's year. */
export async function saveQuote(ctx: Ctx, raw: unknown): Promise<SavedQuote> {
  requireQuoteOffice(ctx);
  const input = parseInput(quoteFieldsInput, raw ?? {});
  const { id, missing } = await withTx(ctx, async (ctx) => {
    const p = await prepareQuote(ctx, input);
    const year = Number(p.today.slice(0, 4));
    const sequence = await nextSequence(ctx, year);
    const [row] = await ctx.db
      .insert(schema.quotes)
      .values({
        ...quoteValues(input, p),
        year,
        sequence,
        revision: 1,
        status: "Draft",
        createdById: ctx.actor?.kind === "user" ? ctx.actor.userId : null,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      })
      .returning({ id: schema.quotes.id });
    await insertQuoteParts(ctx, row.id, p);
    const number = quoteNumber({ year, sequence, revision: 1 });
    await log(ctx, row.id, `created quote ${number} for ${p.company.name}`, {
      number,
      total: p.totals.total,
      currency: p.branch.currencyCode,
    });
    return { id: row.id, missing: p.missing };
  });
  return { ...(await getQuote(ctx, id)), missing };
}

/** The latest revision of a quote, locked; a superseded one answers 409. */
async function lockLatest(ctx: TxCtx, quoteId: unknown): Promise<LoadedQuote> {
  const q = await loadQuote(ctx, { companyId: null }, quoteId, { lock: true });
  if (q.supersededAt) throw new ConflictError(QUOTE_MESSAGES.superseded, "quote_superseded");
  return q;
}

/**
 * POST job-quotes/edit: a Draft is changed in place; a Sent, Declined or Expired quote (or an
 * expired Draft) gets a new revision (a new Draft row with the same number, revision + 1,
 * linked to the old one, which is marked superseded); an Accepted one answers 409.
 */
export async function editQuote(ctx: Ctx, raw: unknown): Promise<SavedQuote> {
  requireQuoteOffice(ctx);
  const input = parseInput(editQuoteInput, raw ?? {});
  const { id, missing } = await withTx(ctx, async (ctx) => {
    const old = await lockLatest(ctx, input.quoteId);
    if (old.status === "Accepted")
      throw new ConflictError(QUOTE_MESSAGES.accepted, "quote_accepted");
    const status = derivedQuoteStatus(old, localToday(ctx.now, old.timeZone));
    const inPlace = status === "Draft";
    if (!inPlace && input.company_id !== old.companyId)
      throw new ValidationError(QUOTE_MESSAGES.otherClient, {
        company_id: [QUOTE_MESSAGES.otherClient],
      });
    const p = await prepareQuote(ctx, input);
    const oldNumber = quoteNumber(old);
    if (inPlace) {
      await ctx.db
        .update(schema.quotes)
        .set({ ...quoteValues(input, p), updatedAt: ctx.now })
        .where(eq(schema.quotes.id, old.id));
      await ctx.db.delete(schema.quoteLines).where(eq(schema.quoteLines.quoteId, old.id));
      await ctx.db.delete(schema.quoteCosts).where(eq(schema.quoteCosts.quoteId, old.id));
      await insertQuoteParts(ctx, old.id, p);
      await log(ctx, old.id, `edited quote ${oldNumber} for ${p.company.name}`, {
        number: oldNumber,
        total: p.totals.total,
        previous_total: old.totalAmount,
      });
      return { id: old.id, missing: p.missing };
    }
    const revision = old.revision + 1;
    await ctx.db
      .update(schema.quotes)
      .set({ supersededAt: ctx.now, updatedAt: ctx.now })
      .where(eq(schema.quotes.id, old.id));
    const [row] = await ctx.db
      .insert(schema.quotes)
      .values({
        ...quoteValues(input, p),
        year: old.year,
        sequence: old.sequence,
        revision,
        previousRevisionId: old.id,
        status: "Draft",
        createdById: ctx.actor?.kind === "user" ? ctx.actor.userId : null,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      })
      .returning({ id: schema.quotes.id });
    await insertQuoteParts(ctx, row.id, p);
    const number = quoteNumber({ ...old, revision });
    await log(
      ctx,
      row.id,
      `made revision ${number} of ${status.toLowerCase()} quote ${oldNumber} for ${p.company.name}`,
      {
        number,
        previous_revision_id: old.id,
        previous_status: status,
      },
    );
    return { id: row.id, missing: p.missing };
  });
  return { ...(await getQuote(ctx, id)), missing };
}

/**
 * POST job-quotes/delete: a Draft is deleted (and the revision before it, if any, is the
 * latest again); a Sent, Accepted, Declined or Expired quote is archived (kept, hidden from
 * the list unless filter[archived]=true). Archiving an archived quote changes nothing.
 */
export async function deleteQuote(
  ctx: Ctx,
  raw: unknown,
): Promise<{ id: number; deleted: boolean; archived: boolean; message: string }> {
  requireQuoteOffice(ctx);
  const input = parseInput(quoteIdInput, raw ?? {});
  return withTx(ctx, async (ctx) => {
    const q = await lockLatest(ctx, input.quoteId);
    const number = quoteNumber(q);
    if (q.status === "Draft") {
      await ctx.db
        .update(schema.quotes)
        .set({ deletedAt: ctx.now, updatedAt: ctx.now })
        .where(eq(schema.quotes.id, q.id));
      if (q.previousRevisionId)
        await ctx.db
          .update(schema.quotes)
          .set({ supersededAt: null, updatedAt: ctx.now })
          .where(and(eq(schema.quotes.id, q.previousRevisionId), isNull(schema.quotes.deletedAt)));
      await log(ctx, q.id, `deleted draft quote ${number} for ${q.companyName}`, { number });
      return { id: q.id, deleted: true, archived: false, message: `Quote ${number} deleted.` };
    }
    if (!q.archivedAt) {
      await ctx.db
        .update(schema.quotes)
        .set({ archivedAt: ctx.now, updatedAt: ctx.now })
        .where(eq(schema.quotes.id, q.id));
      await log(ctx, q.id, `archived quote ${number} for ${q.companyName}`, {
        number,
        status: q.status,
      });
    }
    return { id: q.id, deleted: false, archived: true, message: `Quote ${number} archived.` };
  });
}
