import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type { PGlite } from "@electric-sql/pglite";
import type { Pool } from "pg";
import { schema, type Db, type DbHandle } from "@/db";

const TX_CONTROL = /^\s*(begin|commit|rollback|savepoint|release savepoint|set local)\b/i;

/**
 * A second Drizzle instance over the same connection that counts the statements it sends,
 * to pin down how many queries a verb needs (no N+1). Pass `db` in the verb's ctx.
 */
export function countingDb(handle: DbHandle): {
  db: Db;
  statements: () => number;
  /**
   * The statements that read or wrote, leaving out a transaction's control (begin, commit,
   * rollback, savepoints, `set local`). A read planned once (readPlannedOnce, db/precompiled.ts)
   * is sent here as one statement: this db has no twin pool (genericTwin).
   */
  queries: () => number;
  /** Every statement, as sent. */
  sent: () => string[];
  /** The statements that wrote (insert, update, delete), as sent. */
  writes: () => string[];
  reset: () => void;
} {
  let sent: string[] = [];
  const logger = { logQuery: (query: string) => void sent.push(query) };
  const client = (handle.db as unknown as { $client: unknown }).$client;
  const db =
    handle.kind === "pglite"
      ? (drizzlePglite({
          client: client as PGlite,
          schema,
          casing: "snake_case",
          logger,
        }) as unknown as Db)
      : (drizzlePg({
          client: client as Pool,
          schema,
          casing: "snake_case",
          logger,
        }) as unknown as Db);
  return {
    db,
    statements: () => sent.length,
    queries: () => sent.filter((q) => !TX_CONTROL.test(q)).length,
    sent: () => [...sent],
    writes: () => sent.filter((q) => /^\s*(insert|update|delete)\b/i.test(q)),
    reset: () => void (sent = []),
  };
}
