import { eq, inArray } from "drizzle-orm";
import { schema, type Tx } from "@/db";
import type { CardWritePlan } from "./card-write";

type RateTable = typeof schema.clientRates | typeof schema.workerRates;

/**
 * Writes a card's plan (`planCardWrite`) inside the caller's transaction, which has locked the
 * card's rows: each matched row gets its new prices, the emptied ones go, the new ones are
 * inserted with the keys that place them (company, branch, job, skill, level, worker). One loop
 * for the client card, the worker card and the job's copies of both.
 */
export async function applyCardPlan<R, T extends RateTable>(
  tx: Tx,
  table: T,
  plan: CardWritePlan<R>,
  columns: {
    now: Date;
    /** The prices (and currency) a sent row sets, on an update and an insert alike. */
    bands: (row: R) => Partial<T["$inferInsert"]>;
    /** What only a new row gets: the keys that place it on its card. */
    keys: (row: R) => Partial<T["$inferInsert"]>;
  },
): Promise<{ saved: number; removed: number }> {
  const t = table as RateTable;
  for (const { id, row } of plan.update)
    await tx
      .update(t)
      .set({ ...columns.bands(row), updatedAt: columns.now } as never)
      .where(eq(t.id, id));
  if (plan.remove.length) await tx.delete(t).where(inArray(t.id, plan.remove));
  if (plan.insert.length)
    await tx.insert(t).values(
      plan.insert.map(
        (row) =>
          ({
            ...columns.keys(row),
            ...columns.bands(row),
            createdAt: columns.now,
            updatedAt: columns.now,
          }) as never,
      ),
    );
  return { saved: plan.update.length + plan.insert.length, removed: plan.remove.length };
}
