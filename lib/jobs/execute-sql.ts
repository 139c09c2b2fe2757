import type { DbOrTx } from "@/db";

/** What pg-boss asks of a database: `executeSql(text, values)` answering `{ rows }`. */
export interface ExecuteSql {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

interface RawClient {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /** PGlite only: several statements without parameters (the simple protocol). */
  exec?(text: string): Promise<{ rows: unknown[] }[]>;
}

/**
 * The client under a Drizzle database or transaction: the PGlite instance (or its open
 * transaction), the pg Pool (or the PoolClient a transaction holds). Drizzle keeps it on its
 * session; both drivers name it `client`.
 */
function rawClient(db: DbOrTx): RawClient {
  const client = (db as unknown as { session?: { client?: RawClient } }).session?.client;
  if (!client || typeof client.query !== "function")
    throw new Error("[queue] the database handle exposes no client");
  return client;
}

/**
 * pg-boss's database port over the app's own handle, so the queue shares the app's PGlite
 * (one process may open a PGlite data dir once) or its pg Pool, and a job can be sent inside
 * the transaction that records it (the run row and its job commit together or not at all).
 * PGlite answers a parameterless text through `exec` (pg-boss's schema plans are many
 * statements in one text), everything else through `query`; pg's `query` takes both.
 */
export function executeSqlFor(db: DbOrTx): ExecuteSql {
  const client = rawClient(db);
  return {
    async executeSql(text, values) {
      if ((!values || values.length === 0) && client.exec) {
        const results = await client.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      }
      const result = await client.query(text, values);
      return { rows: result.rows };
    },
  };
}
