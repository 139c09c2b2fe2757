import "server-only";
import { seedDemoWanted } from "@/lib/env";
import { openDatabase, type Db, type DbHandle } from "./client";
import { prepareDatabase } from "./prepare";

export * from "./client";
export { prepareDatabase, type PrepareOptions } from "./prepare";

// Next bundles route handlers, pages and proxy.ts separately, so a module-level variable
// would give each bundle its own client; PGlite allows one opener per data dir.
const holder = globalThis as unknown as { __crewdeckDb?: Promise<DbHandle> };

/** The process-wide database, migrated on first use. */
export function getDbHandle(): Promise<DbHandle> {
  holder.__crewdeckDb ??= (async () => {
    const handle = await openDatabase();
    await prepareDatabase(handle, { seed: seedDemoWanted() ? "if-empty" : "never" });
    return handle;
  })().catch((err) => {
    holder.__crewdeckDb = undefined;
    throw err;
  });
  return holder.__crewdeckDb;
}

export async function getDb(): Promise<Db> {
  return (await getDbHandle()).db;
}

/** Route-handler contract tests point the app's database at their own test database. */
export function setDatabaseForTests(handle: DbHandle): void {
  holder.__crewdeckDb = Promise.resolve(handle);
}
