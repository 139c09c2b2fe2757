/**
 * How a saved rate card meets the rows it already has: the one rule of the client card, the
 * worker card and the job's copies of both. Rows match by key (skill, level, worker); a row
 * sent with every price empty removes its match (nothing, when it has none); a matched row is
 * updated; an unmatched one is inserted. Rows not sent stay as they are (the grids send every
 * row they show). Pure: the caller locks and reads `existing`, then writes the plan.
 */
export interface CardWritePlan<R> {
  remove: number[];
  update: { id: number; row: R }[];
  insert: R[];
}

export function planCardWrite<R>(
  existing: { id: number; key: string }[],
  rows: R[],
  keyOf: (row: R) => string,
  isEmpty: (row: R) => boolean,
): CardWritePlan<R> {
  const byKey = new Map(existing.map((e) => [e.key, e.id]));
  const plan: CardWritePlan<R> = { remove: [], update: [], insert: [] };
  for (const row of rows) {
    const id = byKey.get(keyOf(row));
    if (isEmpty(row)) {
      if (id !== undefined) plan.remove.push(id);
    } else if (id !== undefined) plan.update.push({ id, row });
    else plan.insert.push(row);
  }
  return plan;
}

/** The key of a card row: skill, level (empty: any level) and worker (empty: anyone). */
export const cardKey = (skillId: number, levelId: number | null, userId: number | null = null) =>
  `${skillId}:${levelId ?? ""}:${userId ?? ""}`;

/** A client rate row as sent (minor units, "HH:mm", null) → the rate_clients columns. */
export const clientBandsOf = (r: {
  standard_price: number | null;
  weekend_price: number | null;
  night_price: number | null;
  night_start: string | null;
  night_end: string | null;
  rate_worker: number | null;
}) => ({
  standardPrice: r.standard_price ?? 0,
  weekendPrice: r.weekend_price,
  nightPrice: r.night_price,
  nightStart: r.night_start,
  nightEnd: r.night_end,
  rateWorker: r.rate_worker,
});

/** A worker rate row as sent → the worker_rates columns. */
export const workerBandsOf = (r: {
  amount: number | null;
  weekend_amount: number | null;
  night_amount: number | null;
  night_start: string | null;
  night_end: string | null;
}) => ({
  amount: r.amount ?? 0,
  weekendAmount: r.weekend_amount,
  nightAmount: r.night_amount,
  nightStart: r.night_start,
  nightEnd: r.night_end,
});
