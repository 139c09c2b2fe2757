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
  field: "rate_worker" | "weekend_price" | "night_price";
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

/** A row of a card that loses money, named for people. */
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
