import "server-only";
import { openDatabase, type Db, type DbHandle } from "./client";
import { migrateDatabase } from "./prepare";

export * from "./client";
export { migrateDatabase } from "./prepare";
export { sideBySide } from "./side-by-side";
export {
  anyOf,
  genericTransaction,
  precompiled,
  precompiledByShape,
  precompiledSql,
  readPlannedOnce,
} from "./precompiled";

type Prepare = (handle: DbHandle) => Promise<unknown>;

// Next bundles route handlers, pages and proxy.ts separately, so a module-level variable
// would give each bundle its own client; PGlite allows one opener per data dir.
const holder = globalThis as unknown as {
  __crewdeckDb?: Promise<DbHandle>;
  __crewdeckPrepare?: Prepare;
};

/**
 * How the process-wide database is prepared when it is first opened. The app's starter says it
 * before any request (instrumentation.ts: reference data, the first administrator, the demo
 * seed); left unsaid, the database is only migrated.
 */
export function prepareDatabaseWith(prepare: Prepare): void {
  holder.__crewdeckPrepare = prepare;
}

/** The process-wide database, prepared on first use. */
export function getDbHandle(): Promise<DbHandle> {
  holder.__crewdeckDb ??= (async () => {
    const handle = await openDatabase();
    await (holder.__crewdeckPrepare ?? migrateDatabase)(handle);
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
