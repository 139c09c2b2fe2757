/**
 * Quotes (issue 24): the number, the totals and the derived state. Pure; the verbs live in
 * lib/services/quotes, the pricing of a line in lib/domain/pricing.ts (the jobs' engine).
 *
 * Rules
 * - Number: `Q-<year>-<4-digit sequence>`, and `-R<n>` for a revision above 1
 *   (`Q-2027-0001`, `Q-2027-0001-R2`). A sequence above 9999 keeps all its digits.
 * - Totals, in integer minor units of the quote's one currency, each rounded once, half-up:
 *   subtotal = lines + costs; discount ("percent" in basis points of the subtotal, or
 *   "amount" in minor units), never more than the subtotal; VAT (basis points) on the
 *   discounted subtotal; total = subtotal − discount + VAT.
 * - State: the stored Draft, Sent, Accepted or Declined; a Draft or Sent quote whose
 *   valid_until (a local date) is before today in the branch's zone reads as "Expired". A read
 *   never writes it. Expired cannot be sent or accepted; an edit makes a new revision.
 */

export const QUOTE_STATUSES = ["Draft", "Sent", "Accepted", "Declined"] as const;
export type StoredQuoteStatus = (typeof QUOTE_STATUSES)[number];
export type QuoteStatus = StoredQuoteStatus | "Expired";
export const QUOTE_FILTER_STATUSES: QuoteStatus[] = [...QUOTE_STATUSES, "Expired"];

export type DiscountKind = "percent" | "amount";

/** `Q-2027-0001`, `Q-2027-0001-R2`. */
export function quoteNumber(q: { year: number; sequence: number; revision: number }): string {
  const base = `Q-${q.year}-${String(q.sequence).padStart(4, "0")}`;
  return q.revision > 1 ? `${base}-R${q.revision}` : base;
}

/** The `number_sequences` name of a year's quote numbers. */
export const quoteSequenceName = (year: number) => `quote:${year}`;

/** a × b / c rounded half-up (non-negative integers), exact for amounts below 2^53 / 10^4. */
function mulDivHalfUp(a: number, b: number, c: number): number {
  return Math.floor((a * b * 2 + c) / (2 * c));
}

export interface QuoteTotalsInput {
  /** Each line's amount, minor units. */
  lines: number[];
  /** Each cost's quantity × unit amount, minor units. */
  costs: number[];
  discount: { kind: DiscountKind; value: number } | null;
  vatBasisPoints: number | null;
}

export interface QuoteTotals {
  lines: number;
  costs: number;
  subtotal: number;
  discount: number;
  /** The subtotal after the discount: what VAT is computed on. */
  net: number;
  vat: number;
  total: number;
}

export function quoteTotals(input: QuoteTotalsInput): QuoteTotals {
  const lines = input.lines.reduce((a, b) => a + b, 0);
  const costs = input.costs.reduce((a, b) => a + b, 0);
  const subtotal = lines + costs;
  let discount = 0;
  if (input.discount && input.discount.value > 0)
    discount =
      input.discount.kind === "percent"
        ? mulDivHalfUp(subtotal, input.discount.value, 10_000)
        : input.discount.value;
  discount = Math.min(discount, subtotal);
  const net = subtotal - discount;
  const vat = input.vatBasisPoints ? mulDivHalfUp(net, input.vatBasisPoints, 10_000) : 0;
  return { lines, costs, subtotal, discount, net, vat, total: net + vat };
}

/** The state a reader sees: Draft/Sent past their validity read as Expired. `today` is the
 *  local date "YYYY-MM-DD" in the branch's zone. */
export function derivedQuoteStatus(
  q: { status: StoredQuoteStatus; validUntil: string },
  today: string,
): QuoteStatus {
  if ((q.status === "Draft" || q.status === "Sent") && q.validUntil < today) return "Expired";
  return q.status;
}

/** What may be done with a quote in a state (the screens show the buttons from this). */
export function quoteActions(status: QuoteStatus, converted: boolean) {
  return {
    /** Draft: edited in place; Sent/Expired/Declined: a new revision; Accepted: never. */
    edit: status !== "Accepted",
    editMakesRevision: status === "Sent" || status === "Expired" || status === "Declined",
    send: status === "Draft",
    decide: status === "Sent",
    convert: status === "Accepted" && !converted,
    /** Draft: deleted; the others: archived. */
    delete: true,
  };
}

/**
 * Where an unpaid break of a line sits: in the middle of the shift (a quote has no break
 * times, only a length). Returns the break interval, or null for none.
 */
export function middleBreak(
  start: Date,
  end: Date,
  breakMinutes: number,
): { start: Date; end: Date } | null {
  const span = Math.floor((end.getTime() - start.getTime()) / 60_000);
  if (breakMinutes <= 0 || span <= 0) return null;
  const length = Math.min(breakMinutes, span);
  const offset = Math.floor((span - length) / 2);
  const s = new Date(start.getTime() + offset * 60_000);
  return { start: s, end: new Date(s.getTime() + length * 60_000) };
}
