import { sql } from "drizzle-orm";
import type { Db } from "@/db";

/**
 * Rows per table of the public schema, but for `except`: a test that must change nothing
 * compares this before and after (the tables are found, so a new one is counted too).
 */
export async function rowCounts(db: Db, except: ReadonlySet<string> = new Set()) {
  const tables = (await db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  )) as unknown as { rows: { table_name: string }[] };
  const out: Record<string, number> = {};
  for (const { table_name } of tables.rows) {
    if (except.has(table_name) || table_name.startsWith("__")) continue;
    const r = (await db.execute(
      sql.raw(`select count(*)::int as n from "${table_name}"`),
    )) as unknown as { rows: { n: number }[] };
    out[table_name] = Number(r.rows[0].n);
  }
  return out;
}
