import { describeSplit } from "@/lib/domain/pricing";
import { withTx, type Ctx } from "../context";
import { parseInput } from "../validate";
import { requireQuoteOffice } from "./access";
import { prepareQuote, type MissingPrice } from "./prepare";
import { quoteFieldsInput } from "./schemas";

/**
 * The quote form's live total (issue 24): the lines, costs and discount on screen priced
 * exactly as POST job-quotes/save would price them (prepareQuote: the jobs' engine and the
 * client's card), and nothing written. The office with job_edit only. A form being filled in
 * has no name or validity date yet: those two are not needed to price it, so a blank one is
 * read as a placeholder. Any other bad value is the same 422 the save gives.
 *
 * Read-only by construction: prepareQuote only reads, and it runs in a transaction that is
 * always rolled back.
 */

export interface QuotePreviewLine {
  /** The line's place in the input. */
  index: number;
  overnight: boolean;
  minutes: { standard: number; weekend: number; night: number };
  /** "6 h standard, 2 h night". */
  split: string;
  amount: number;
  /** The skill has no client price at the branch: the amount is 0. */
  missing: boolean;
}

export interface QuotePreview {
  currency: string;
  vat_basis_points: number | null;
  lines: QuotePreviewLine[];
  totals: {
    lines: number;
    costs: number;
    subtotal: number;
    discount: number;
    vat: number;
    total: number;
  };
  missing: MissingPrice[];
}

/** Thrown to end the preview's transaction with a rollback, carrying its answer out. */
class RolledBack {
  constructor(readonly preview: QuotePreview) {}
}

const blank = (v: unknown) => v === undefined || v === null || (typeof v === "string" && !v.trim());

export async function previewQuote(ctx: Ctx, raw: unknown): Promise<QuotePreview> {
  requireQuoteOffice(ctx);
  const given =
    raw && typeof raw === "object" && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  const input = parseInput(quoteFieldsInput, {
    ...given,
    name: blank(given.name) ? "Preview" : given.name,
    valid_until: blank(given.valid_until) ? "9999-12-31" : given.valid_until,
  });
  try {
    await withTx(ctx, async (tx) => {
      const p = await prepareQuote(tx, input);
      throw new RolledBack({
        currency: p.branch.currencyCode,
        vat_basis_points: p.vatBasisPoints,
        lines: p.lines.map((l, index) => {
          const minutes = {
            standard: l.standardMinutes,
            weekend: l.weekendMinutes,
            night: l.nightMinutes,
          };
          return {
            index,
            overnight: l.endTime <= l.startTime,
            minutes,
            split: describeSplit(minutes),
            amount: l.amount,
            missing: l.standardPrice === null,
          };
        }),
        totals: {
          lines: p.totals.lines,
          costs: p.totals.costs,
          subtotal: p.totals.subtotal,
          discount: p.totals.discount,
          vat: p.totals.vat,
          total: p.totals.total,
        },
        missing: p.missing,
      });
    });
  } catch (err) {
    if (err instanceof RolledBack) return err.preview;
    throw err;
  }
  throw new Error("previewQuote: the preview transaction ended without an answer");
}
