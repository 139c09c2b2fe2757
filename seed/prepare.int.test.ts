import { afterAll, beforeAll, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { schema, type DbHandle } from "@/db";
import { prepareDatabase } from "@/seed/prepare";
import { testDatabase } from "@/lib/testing/db";

let handle: DbHandle;
beforeAll(async () => {
  handle = await testDatabase();
});
afterAll(async () => {
  await handle?.close();
});

/** What the planner believes a table holds (pg_class.reltuples, refreshed by ANALYZE). */
const plannedRows = async (table: string) => {
  const [row] = await handle.db
    .select({ n: sql<number>`reltuples::int` })
    .from(sql`pg_class`)
    .where(sql`relname = ${table}`);
  return Number(row.n);
};

it("refreshes planner statistics on the embedded database, which has no autovacuum to do it", async () => {
  if (handle.kind !== "pglite") return;
  await handle.db
    .insert(schema.currencies)
    .values(
      Array.from({ length: 40 }, (_, i) => ({
        code: `Q${String.fromCharCode(65 + Math.floor(i / 26))}${String.fromCharCode(65 + (i % 26))}`,
        name: `Test currency ${i}`,
        symbol: "¤",
      })),
    )
    .onConflictDoNothing();
  const [{ n }] = await handle.db.select({ n: sql<number>`count(*)::int` }).from(schema.currencies);
  expect(await plannedRows("currencies")).not.toBe(Number(n));
  await prepareDatabase(handle, { seed: "never" });
  expect(await plannedRows("currencies")).toBe(Number(n));
});
