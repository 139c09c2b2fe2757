import { and, eq, isNull, ne, sql, type SQL } from "drizzle-orm";
import { schema } from "@/db";
import { toLocal } from "@/lib/domain/time";
import { requirePermission, requireUser, type Ctx, type UserActor } from "../context";
import { ForbiddenError, NotFoundError } from "../errors";
import { parseId } from "../params";

/** The messages of the quote verbs, in one place (tests and screens read them from here). */
export const QUOTE_MESSAGES = {
  notFound: "Quote not found.",
  accepted: "An accepted quote cannot be edited.",
  superseded: "This quote has a newer revision. Open the latest revision instead.",
  revising:
    "The agency is preparing a new revision of this quote. You can accept or decline it once they send it.",
  expired: "This quote has expired. Edit it to make a new revision with a new validity date.",
  notDraft: "Only a draft quote can be sent.",
  notSent: "Only a sent quote can be accepted or declined.",
  notAccepted: "Only an accepted quote can become a job.",
  converted: "This quote has already become a job.",
  validityPast: "The validity date cannot be before today.",
  tooLarge: "This quote is too large to total. Split it into several quotes.",
  otherClient: "A new revision keeps the quote's client. Make a new quote for another client.",
  noContacts: (company: string) => `${company} has no client contact to send the quote to.`,
} as const;

/**
 * Who may read quotes: the office with job_edit (all of them), or a client contact (its own
 * company's quotes that were sent: never a Draft). A worker, or anyone else: 403.
 */
export function quoteReader(ctx: Ctx): { actor: UserActor; companyId: number | null } {
  const actor = requireUser(ctx);
  if (actor.isClient) {
    if (!actor.companyId) throw new ForbiddenError();
    return { actor, companyId: actor.companyId };
  }
  requirePermission(ctx, "job_edit");
  return { actor, companyId: null };
}

/** Who may write quotes: the office with job_edit; a client contact never (403). */
export function requireQuoteOffice(ctx: Ctx): UserActor {
  const actor = requireUser(ctx);
  requirePermission(ctx, "job_edit");
  if (actor.isClient) throw new ForbiddenError();
  return actor;
}

/** The rows a reader may see: live, and for a client contact its company's sent ones. */
export function quoteScope(reader: { companyId: number | null }): SQL {
  const live = isNull(schema.quotes.deletedAt);
  if (reader.companyId === null) return live;
  return and(
    live,
    eq(schema.quotes.companyId, reader.companyId),
    ne(schema.quotes.status, "Draft"),
  )!;
}

/**
 * A quote the reader may see, with the time zone of its branch, or 404. With `lock` (a verb
 * in a transaction) the quote row is read FOR UPDATE.
 */
export async function loadQuote(
  ctx: Ctx,
  reader: { companyId: number | null },
  rawId: unknown,
  opts: { lock?: boolean } = {},
) {
  const id = parseId(rawId, "Quote");
  const q = ctx.db
    .select({
      quote: schema.quotes,
      timeZone: schema.countries.timeZone,
      companyName: schema.companies.name,
    })
    .from(schema.quotes)
    .innerJoin(schema.branches, eq(schema.branches.id, schema.quotes.branchId))
    .innerJoin(schema.countries, eq(schema.countries.id, schema.branches.countryId))
    .innerJoin(schema.companies, eq(schema.companies.id, schema.quotes.companyId))
    .where(and(eq(schema.quotes.id, id), quoteScope(reader)))
    .limit(1);
  const [row] = await (opts.lock ? q.for("update", { of: schema.quotes }) : q);
  if (!row) throw new NotFoundError(QUOTE_MESSAGES.notFound);
  return { ...row.quote, timeZone: row.timeZone, companyName: row.companyName };
}
export type LoadedQuote = Awaited<ReturnType<typeof loadQuote>>;

/** Today's local date ("YYYY-MM-DD") in a zone. */
export function localToday(now: Date, timeZone: string): string {
  const l = toLocal(now, timeZone);
  return `${l.year}-${String(l.month).padStart(2, "0")}-${String(l.day).padStart(2, "0")}`;
}

/**
 * The newest revision a reader may see of each quote. The office sees the latest revision; a
 * client contact the latest one that was sent, so a sent quote stays in its list while the
 * agency drafts its next revision (the draft is not the client's to see yet).
 */
export function latestRevisionFor(reader: { companyId: number | null }): SQL {
  const q = schema.quotes;
  if (reader.companyId === null) return isNull(q.supersededAt);
  return sql`not exists (select 1 from ${q} as next_rev where next_rev.previous_revision_id = ${q.id} and next_rev.status <> 'Draft' and next_rev.deleted_at is null)`;
}

/** Why a superseded quote cannot be decided, in the words its reader can act on. */
export const supersededMessage = (reader: { companyId: number | null }) =>
  reader.companyId === null ? QUOTE_MESSAGES.superseded : QUOTE_MESSAGES.revising;
