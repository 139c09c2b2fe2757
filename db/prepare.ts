import { sql } from "drizzle-orm";
import { env } from "@/lib/env";
import { applyMigrations, schema, type DbHandle } from "./client";
import { ensureFirstAdmin, ensureReferenceData } from "./seed/reference";

export interface PrepareOptions {
  /** "if-empty": run the demo seed when the database has no jobs yet (development). */
  seed: "never" | "if-empty";
  now?: Date;
}

/**
 * Brings a database to a usable state: migrations, reference data (permissions, roles),
 * the first administrator from ADMIN_EMAIL / ADMIN_PASSWORD, and the demo seed when asked.
 */
export function prepareDatabase(
  handle: DbHandle,
  opts: PrepareOptions,
): Promise<{ seeded: boolean }> {
  return handle.exclusive(() => prepareUnlocked(handle, opts));
}

async function prepareUnlocked(
  handle: DbHandle,
  opts: PrepareOptions,
): Promise<{ seeded: boolean }> {
  await applyMigrations(handle);
  await ensureReferenceData(handle.db);
  let seeded = false;
  if (opts.seed === "if-empty") {
    const [{ n }] = await handle.db.select({ n: sql<number>`count(*)::int` }).from(schema.jobs);
    const [{ u }] = await handle.db.select({ u: sql<number>`count(*)::int` }).from(schema.users);
    if (Number(n) === 0 && Number(u) === 0) {
      const { seedDemo } = await import("./seed/demo");
      await seedDemo(handle.db, opts.now ?? new Date());
      seeded = true;
    }
  }
  await ensureFirstAdmin(handle.db, env.ADMIN_EMAIL, env.ADMIN_PASSWORD);
  // PGlite has no autovacuum, so nothing else ever gathers planner statistics: without them the
  // worker's new-jobs query rescanned every job once per candidate slot (30x the pages read).
  if (handle.kind === "pglite") await handle.db.execute(sql`analyze`);
  return { seeded };
}
