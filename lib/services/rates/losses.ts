import { inArray } from "drizzle-orm";
import { schema, type DbOrTx, sideBySide } from "@/db";
import {
  payLosses,
  rateLosses,
  rateLossQuestion,
  type NamedLoss,
  type PayRow,
  type PricedRow,
} from "@/lib/domain/rate-losses";
import { ConfirmError } from "../errors";
import { clientRatesFor } from "./lookup";

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
  const names = await namesOf(
    db,
    schema.skills,
    faulty.map((f) => f.row.skill_id),
  );
  const named: NamedLoss[] = faulty.map((f) => ({
    skill_id: f.row.skill_id,
    skill_name: names.get(f.row.skill_id) ?? `Skill ${f.row.skill_id}`,
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

/** A job worker rate row as sent: per skill × level, or for one booked worker. */
export interface SentPayRow extends PayRow {
  skill_id: number;
  level_id: number | null;
  user_id: number | null;
}

/**
 * 410 `rate_loses_money` when a worker rate being saved on a job pays more than the client pays
 * for the skill on that job (`payLosses`, against the price the projection uses), unless the
 * caller repeats the save with `save_anyway`. As for client rates, only the rows this save
 * changes are asked about. Call it inside the verb's transaction before writing.
 */
export async function assertNoPayLosses(
  db: DbOrTx,
  job: { id: number; companyId: number; branchId: number | null },
  rows: SentPayRow[],
  stored: (sent: SentPayRow) => PayRow | undefined,
  digits: number,
  saveAnyway: boolean | undefined,
): Promise<void> {
  if (saveAnyway) return;
  const changed = rows.filter((r) => {
    const before = stored(r);
    return (
      !before ||
      before.amount !== r.amount ||
      before.weekend_amount !== r.weekend_amount ||
      before.night_amount !== r.night_amount
    );
  });
  if (!changed.length) return;
  const prices = await clientRatesFor(db, {
    companyId: job.companyId,
    branchId: job.branchId,
    jobId: job.id,
    skillIds: changed.map((r) => r.skill_id),
  });
  const faulty = changed.flatMap((row) => {
    const losses = payLosses(row, prices.get(row.skill_id), digits);
    return losses.length ? [{ row, losses }] : [];
  });
  if (!faulty.length) return;
  const ids = (pick: (r: SentPayRow) => number | null) => [
    ...new Set(faulty.flatMap((f) => (pick(f.row) === null ? [] : [pick(f.row)!]))),
  ];
  const [skills, levels, users] = await sideBySide(
    db,
    () =>
      namesOf(
        db,
        schema.skills,
        ids((r) => r.skill_id),
      ),
    () =>
      namesOf(
        db,
        schema.levels,
        ids((r) => r.level_id),
      ),
    () =>
      namesOf(
        db,
        schema.users,
        ids((r) => r.user_id),
      ),
  );
  const named: NamedLoss[] = faulty.map(({ row, losses }) => {
    const skill = skills.get(row.skill_id) ?? `Skill ${row.skill_id}`;
    const who =
      (row.user_id === null ? undefined : users.get(row.user_id)) ??
      (row.level_id === null ? undefined : levels.get(row.level_id));
    return { skill_id: row.skill_id, skill_name: who ? `${skill} · ${who}` : skill, losses };
  });
  throw new ConfirmError(rateLossQuestion(named), "rate_loses_money", { rates: named });
}

/** Names of skills, levels or users by id, for the question (ids not found are left out). */
async function namesOf(
  db: DbOrTx,
  table: typeof schema.skills | typeof schema.levels | typeof schema.users,
  ids: number[],
): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: table.id, name: table.name })
    .from(table)
    .where(inArray(table.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}
