import { sql } from "drizzle-orm";
import { migrateDatabase, schema, type DbHandle } from "@/db";
import { env } from "@/lib/env";
import { ensureFirstAdmin, ensureReferenceData } from "./reference";

export interface PrepareOptions {
  /** "if-empty": run the demo seed when the database has no jobs yet (development). */
  seed: "never" | "if-empty";
  now?: Date;
}

/**
 * Brings a database to a usable state: migrations, reference data (permissions, roles),
 * the demo seed when asked, the first administrator from ADMIN_EMAIL / ADMIN_PASSWORD. Whoever
 * starts the app calls it: scripts/prepare-start.ts, instrumentation.ts (through the database
 * holder of db/index.ts), the migrate and seed commands, the test setup and the bench.
 */
export async function prepareDatabase(
  handle: DbHandle,
  opts: PrepareOptions,
): Promise<{ seeded: boolean }> {
  let seeded = false;
  await migrateDatabase(handle, async (db) => {
    await ensureReferenceData(db);
    if (opts.seed === "if-empty") {
      const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(schema.jobs);
      const [{ u }] = await db.select({ u: sql<number>`count(*)::int` }).from(schema.users);
      if (Number(n) === 0 && Number(u) === 0) {
        // The demo seed, and the services it writes through, load only when it runs.
        const { seedDemo } = await import("./demo");
        await seedDemo(db, opts.now ?? new Date());
        seeded = true;
      }
    }
    await ensureFirstAdmin(db, env.ADMIN_EMAIL, env.ADMIN_PASSWORD);
  });
  return { seeded };
}
