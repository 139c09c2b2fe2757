import { and, inArray, isNull } from "drizzle-orm";
import { schema, type DbOrTx } from "@/db";
import {
  rateLosses,
  rateLossQuestion,
  type NamedLoss,
  type PricedRow,
} from "@/lib/domain/rate-losses";
import { ConfirmError } from "../errors";

/** A client rate row as sent, keyed to the row it replaces (if any). */
export interface SentClientRow extends PricedRow {
  skill_id: number;
  night_start: string | null;
  night_end: string | null;
}

const same = (
  a: PricedRow & { night_start?: string | null; night_end?: string | null },
  b: typeof a,
) =>
  a.standard_price === b.standard_price &&
  a.weekend_price === b.weekend_price &&
  a.night_price === b.night_price &&
  a.rate_worker === b.rate_worker;

/**
 * 410 `rate_loses_money` when a client rate being saved loses money (lib/domain/rate-losses.ts),
 * unless the caller repeats the save with `save_anyway`. Only the rows this save changes are
 * asked about: a loss already saved (and so already answered) does not ask again when another
 * row of the card is edited. Call it inside the verb's transaction, after the card's rows are
 * locked and before anything is written. `details.rates` names each row and the cells at fault.
 */
export async function assertNoRateLosses<R extends SentClientRow>(
  db: DbOrTx,
  rows: R[],
  stored: (sent: R) => PricedRow | undefined,
  digits: number,
  saveAnyway: boolean | undefined,
): Promise<void> {
  if (saveAnyway) return;
  const faulty = rows.flatMap((row) => {
    const before = stored(row);
    if (before && same(before, row)) return [];
    const losses = rateLosses(row, digits);
    return losses.length ? [{ row, losses }] : [];
  });
  if (!faulty.length) return;
  const names = await db
    .select({ id: schema.skills.id, name: schema.skills.name })
    .from(schema.skills)
    .where(
      and(
        inArray(
          schema.skills.id,
          faulty.map((f) => f.row.skill_id),
        ),
        isNull(schema.skills.deletedAt),
      ),
    );
  const named: NamedLoss[] = faulty.map((f) => ({
    skill_id: f.row.skill_id,
    skill_name: names.find((n) => n.id === f.row.skill_id)?.name ?? `Skill ${f.row.skill_id}`,
    losses: f.losses,
  }));
  throw new ConfirmError(rateLossQuestion(named), "rate_loses_money", { rates: named });
}

/** A stored client rate row's prices, as `assertNoRateLosses` compares them. */
export const storedPrices = (r: {
  standardPrice: number;
  weekendPrice: number | null;
  nightPrice: number | null;
  rateWorker: number | null;
}): PricedRow => ({
  standard_price: r.standardPrice,
  weekend_price: r.weekendPrice,
  night_price: r.nightPrice,
  rate_worker: r.rateWorker,
});
