import { sql } from "drizzle-orm";
import type { Db, DbOrTx } from "@/db";
import { makeCtx, systemActor, withTx } from "../context";

/**
 * A roll-up's background sweep by marked dates (the salary and count roll-ups): `batch` marks
 * a transaction, each round under the transaction-scoped advisory lock `lock` (another instance
 * holding it skips the sweep: one at a time), until a round finds fewer than `batch` or
 * `budgetMs` is spent. Answers the dates recomputed and whether it got through them all (false
 * also when the lock was held).
 */
export async function sweepInRounds(
  db: Db,
  who: string,
  lock: string,
  round: (tx: DbOrTx, batch: number) => Promise<number>,
  { budgetMs = Infinity, batch }: { budgetMs?: number; batch: number },
): Promise<{ dates: number; done: boolean }> {
  const started = Date.now();
  let dates = 0;
  for (;;) {
    const n = await withTx(makeCtx(db, systemActor(who)), async (ctx) => {
      const held = (await ctx.db.execute(
        sql`select pg_try_advisory_xact_lock(hashtext(${lock})) as locked`,
      )) as unknown as { rows: { locked: boolean }[] };
      return held.rows[0].locked ? round(ctx.db, batch) : null;
    });
    if (n === null) return { dates, done: false };
    dates += n;
    if (n < batch) return { dates, done: true };
    if (Date.now() - started >= budgetMs) return { dates, done: false };
  }
}
