import { sql } from "drizzle-orm";
import type { Db, DbOrTx } from "@/db";
import { makeCtx, systemActor, withTx, type TxCtx } from "../context";

/**
 * A roll-up's background sweep by marked dates (the salary and count roll-ups): `batch` marks
 * a transaction, each round under the transaction-scoped advisory lock `lock` (another instance
 * holding it skips the sweep: one at a time), until a round finds fewer than `batch` or
 * `budgetMs` is spent. Answers the dates recomputed and whether it got through them all (false
 * also when the lock was held). `now` is the rounds' clock (their ctx; a test's fixed time).
 * `afterCommit` runs after each round's transaction has committed (what only a committed round
 * may do: remove the files its rows no longer name).
 */
export async function sweepInRounds(
  db: Db,
  who: string,
  lock: string,
  round: (tx: DbOrTx, batch: number, ctx: TxCtx) => Promise<number>,
  {
    budgetMs = Infinity,
    batch,
    now,
    afterCommit,
  }: { budgetMs?: number; batch: number; now?: Date; afterCommit?: () => Promise<void> },
): Promise<{ dates: number; done: boolean }> {
  const started = Date.now();
  let dates = 0;
  for (;;) {
    const n = await withTx(makeCtx(db, systemActor(who), { now }), async (ctx) => {
      const held = (await ctx.db.execute(
        sql`select pg_try_advisory_xact_lock(hashtext(${lock})) as locked`,
      )) as unknown as { rows: { locked: boolean }[] };
      return held.rows[0].locked ? round(ctx.db, batch, ctx) : null;
    });
    if (n === null) return { dates, done: false };
    await afterCommit?.();
    dates += n;
    if (n < batch) return { dates, done: true };
    if (Date.now() - started >= budgetMs) return { dates, done: false };
  }
}
