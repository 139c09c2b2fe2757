/** EXPLAIN for `npm run bench`: which index each statement a verb sends uses. */
import type { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { schema, type Db, type DbHandle } from "@/db";

export interface Statement {
  sql: string;
  params: unknown[];
}

/** Tables big enough that a sequential scan of them is a finding. */
const BIG_TABLES = ["jobs", "shifts", "shift_slots", "applications", "job_branches"];

type RawClient = {
  query: (q: string, p?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;
};

/** A Drizzle instance on the same connection that records every statement it sends. */
export function loggingDb(handle: DbHandle): { db: Db; statements: Statement[] } {
  const statements: Statement[] = [];
  const logger = {
    logQuery: (q: string, params: unknown[]) => void statements.push({ sql: q, params }),
  };
  const client = (handle.db as unknown as { $client: unknown }).$client;
  const db = (handle.kind === "pglite"
    ? drizzlePglite({ client: client as PGlite, schema, casing: "snake_case", logger })
    : drizzlePg({
        client: client as never,
        schema,
        casing: "snake_case",
        logger,
      })) as unknown as Db;
  return { db, statements };
}

/**
 * EXPLAIN's text of one statement, a plan node a line. `BENCH_EXPLAIN_ANALYZE=1` runs it too
 * (timings and buffers per node: where a slow line's time goes, on PGlite as on PostgreSQL).
 */
export async function explainPlan(handle: DbHandle, st: Statement): Promise<string> {
  const client = (handle.db as unknown as { $client: RawClient }).$client;
  const analyze = process.env.BENCH_EXPLAIN_ANALYZE ? "(analyze, buffers) " : "";
  return (
    await client.query(
      `explain ${analyze}${st.sql}`,
      st.params.map((p) => (p instanceof Date ? p.toISOString() : p)),
    )
  ).rows
    .map((r) => String(Object.values(r)[0]))
    .join("\n");
}

/**
 * EXPLAINs each statement and prints ✓/✗, its start and the indexes it uses (with the whole
 * plan of the statements `showPlan` picks). Returns how many sequential scans of a big table
 * the plans hold.
 */
export async function explainStatements(
  handle: DbHandle,
  statements: Statement[],
  showPlan: (st: Statement) => boolean = () => false,
): Promise<number> {
  let seqScans = 0;
  for (const st of statements) {
    const plan = await explainPlan(handle, st);
    const indexes = [
      ...plan.matchAll(/(?:Index|Index Only|Bitmap Index) Scan (?:Backward )?(?:using|on) (\w+)/g),
    ].map((m) => m[1]);
    const seq = [...plan.matchAll(/Seq Scan on (\w+)/g)]
      .map((m) => m[1])
      .filter((t) => BIG_TABLES.includes(t));
    seqScans += seq.length;
    console.log(`${seq.length ? "✗" : "✓"} ${st.sql.slice(0, 90).replace(/\s+/g, " ")}…`);
    console.log(
      `    indexes: ${[...new Set(indexes)].join(", ") || "none"}${seq.length ? `   SEQ SCAN on ${seq.join(", ")}` : ""}`,
    );
    if (showPlan(st) || seq.length)
      console.log(
        plan
          .split("\n")
          .map((line) => `      ${line}`)
          .join("\n"),
      );
  }
  return seqScans;
}
