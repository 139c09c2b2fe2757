/**
 * Where a client rate loses money (issue 23): the worker pay it assumes is above one of its
 * prices, or a weekend (and holiday: holidays price as weekend, see pricing.ts) or night price
 * is below the standard price. Such a card is allowed — a loss leader, a price agreed in
 * advance — but saving it asks once first. Pure: no I/O.
 */
import { formatAmount } from "./money";

export interface PricedRow {
  standard_price: number | null;
  weekend_price: number | null;
  night_price: number | null;
  rate_worker: number | null;
}

/** One problem of a row, on the cell at fault. */
export interface RateLoss {
  field:
    "rate_worker" | "weekend_price" | "night_price" | "amount" | "weekend_amount" | "night_amount";
  message: string;
}

const LABEL = {
  standard_price: "standard price",
  weekend_price: "weekend and holiday price",
  night_price: "night price",
} as const;

/** The problems of one row, in the order of its cells; none for an empty or sound row. */
export function rateLosses(row: PricedRow, digits: number): RateLoss[] {
  const out: RateLoss[] = [];
  const money = (n: number) => formatAmount(n, digits);
  const prices = (["standard_price", "weekend_price", "night_price"] as const).flatMap((key) =>
    row[key] === null ? [] : [{ key, value: row[key] }],
  );
  const pay = row.rate_worker;
  if (pay !== null) {
    const above = prices.filter((p) => pay > p.value);
    if (above.length)
      out.push({
        field: "rate_worker",
        message: `The worker pay (${money(pay)}) is above the ${above
          .map((p) => `${LABEL[p.key]} (${money(p.value)})`)
          .join(" and the ")}.`,
      });
  }
  const standard = row.standard_price;
  if (standard !== null)
    for (const key of ["weekend_price", "night_price"] as const) {
      const value = row[key];
      if (value !== null && value < standard)
        out.push({
          field: key,
          message: `The ${LABEL[key]} (${money(value)}) is below the standard price (${money(standard)}).`,
        });
    }
  return out;
}

/** A row of a card that loses money, named for people ("Stagehand", "Stagehand · Senior"). */
export interface NamedLoss {
  skill_id: number;
  skill_name: string;
  losses: RateLoss[];
}

/** The question a save answers with (410): every row at fault, then "Save anyway?". */
export function rateLossQuestion(rows: NamedLoss[]): string {
  const listed = rows
    .map((r) => `${r.skill_name}: ${r.losses.map((l) => l.message).join(" ")}`)
    .join(" ");
  return `${rows.length === 1 ? "This rate loses money" : `${rows.length} rates lose money`}. ${listed} Save anyway?`;
}

/** A worker rate row's pay bands (null weekend or night pay: the standard pay applies). */
export interface PayRow {
  amount: number | null;
  weekend_amount: number | null;
  night_amount: number | null;
}

/** The client's price of the same skill on the job (null weekend or night: standard). */
export interface PriceBands {
  standard: number;
  weekend: number | null;
  night: number | null;
}

/**
 * Where a worker's pay on a job is above what the client pays for the skill there, band by
 * band (weekend and holiday, night), as the projection prices them. None without a price
 * (booking onto an unpriced skill warns on its own) or for an empty row.
 */
export function payLosses(pay: PayRow, price: PriceBands | undefined, digits: number): RateLoss[] {
  if (!price || pay.amount === null) return [];
  const money = (n: number) => formatAmount(n, digits);
  const out: RateLoss[] = [];
  const bands = [
    { field: "amount", label: "standard", pay: pay.amount, price: price.standard, own: true },
    {
      field: "weekend_amount",
      label: "weekend and holiday",
      pay: pay.weekend_amount ?? pay.amount,
      price: price.weekend ?? price.standard,
      own: pay.weekend_amount !== null || price.weekend !== null,
    },
    {
      field: "night_amount",
      label: "night",
      pay: pay.night_amount ?? pay.amount,
      price: price.night ?? price.standard,
      own: pay.night_amount !== null || price.night !== null,
    },
  ] as const;
  for (const b of bands)
    if (b.own && b.pay > b.price)
      out.push({
        field: b.field,
        message: `The ${b.label} pay (${money(b.pay)}) is above the client's ${b.label} price (${money(b.price)}).`,
      });
  return out;
}
