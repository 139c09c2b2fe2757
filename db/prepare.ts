import { sql } from "drizzle-orm";
import { applyMigrations, type Db, type DbHandle } from "./client";

/**
 * Brings a database to the current schema under the installation-wide lock (several app
 * instances may start at once): the migrations, then whatever the caller fills in under that
 * same lock (the reference data, the first administrator and the demo seed: seed/prepare.ts),
 * then the planner statistics. db/ is the floor: what is filled in is the caller's to say.
 */
export function migrateDatabase(handle: DbHandle, fill?: (db: Db) => Promise<void>): Promise<void> {
  return handle.exclusive(async () => {
    await applyMigrations(handle);
    await fill?.(handle.db);
    // PGlite has no autovacuum, so nothing else ever gathers planner statistics: without them the
    // worker's new-jobs query rescanned every job once per candidate slot (30x the pages read).
    if (handle.kind === "pglite") await handle.db.execute(sql`analyze`);
  });
}
