import "server-only";
import { is } from "drizzle-orm";
import { PgTransaction } from "drizzle-orm/pg-core";
import type { DbOrTx } from "./client";

/**
 * Reads that do not depend on one another: side by side on the pool (each takes a connection
 * of its own), one after the other in a transaction. A transaction has one connection, which
 * answers one statement at a time whatever the caller does; sending the next before the first
 * answered only queues it in pg, which deprecates that (pg@9 refuses it). Each read is a
 * function, so a helper that starts its query when called does not start it early.
 */
export async function sideBySide<T extends readonly unknown[]>(
  db: DbOrTx,
  ...reads: { [K in keyof T]: () => PromiseLike<T[K]> }
): Promise<T> {
  if (!is(db, PgTransaction))
    return Promise.all(reads.map((read) => read())) as unknown as Promise<T>;
  const out: unknown[] = [];
  for (const read of reads) out.push(await read());
  return out as unknown as T;
}
