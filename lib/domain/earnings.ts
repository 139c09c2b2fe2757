/**
 * How a worker's earnings are written (the payment tab's unpaid earnings): hours as a decimal
 * number, each currency's amount on its own (amounts in different currencies are never added),
 * and the hours no rate prices yet said plainly, so the figure never looks complete when it
 * is not.
 */
import { formatMoney } from "./money";

/** Minutes as decimal hours, to two places (570 → 9.5). */
export const decimalHours = (minutes: number): number => Math.round((minutes / 60) * 100) / 100;

/** "23.5 h", "10 h", "1,250.25 h". */
export const formatDecimalHours = (minutes: number): string =>
  `${decimalHours(minutes).toLocaleString("en-GB", { maximumFractionDigits: 2 })} h`;

export interface CurrencyAmount {
  currency_code: string;
  /** Minor units. */
  amount: number;
}

/** "23.5 h · 3,240.00 DKK", "23.5 h · 3,240.00 DKK · 1,200.00 SEK", "4 h" (nothing priced). */
export function unpaidSummary(minutes: number, amounts: readonly CurrencyAmount[]): string {
  return [
    formatDecimalHours(minutes),
    ...amounts.map((a) => formatMoney(a.amount, a.currency_code)),
  ].join(" · ");
}

/** "4 h without a rate yet"; null when every hour is priced. */
export const withoutRateNote = (minutes: number): string | null =>
  minutes > 0 ? `${formatDecimalHours(minutes)} without a rate yet` : null;
