import "server-only";
import path from "node:path";
import fs from "node:fs";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import { PGlite } from "@electric-sql/pglite";
import { Pool } from "pg";
import { env, seedDemoWanted } from "@/lib/env";
import { sql } from "drizzle-orm";
import * as schema from "./schema";

export { schema };
export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** A database handle or an open transaction: verbs accept either. */
export type DbOrTx = Db | Tx;

export const migrationsFolder = path.join(process.cwd(), "db", "migrations");

export interface DbHandle {
  db: Db;
  kind: "pglite" | "postgres";
  close: () => Promise<void>;
  /** Runs `fn` while holding an installation-wide lock (several app instances starting at once). */
  exclusive: <T>(fn: () => Promise<T>) => Promise<T>;
}

export function pgliteHandle(client: PGlite): DbHandle {
  const db = drizzlePglite({ client, schema, casing: "snake_case" }) as unknown as Db;
  return { db, kind: "pglite", close: () => client.close(), exclusive: (fn) => fn() };
}

export function postgresHandle(url: string, max = 10): DbHandle {
  const pool = new Pool({ connectionString: url, max });
  // An idle client erroring (server restart) must not crash the process.
  pool.on("error", (err) => console.error("[db] idle client error", err.message));
  const db = drizzlePg({ client: pool, schema, casing: "snake_case" }) as unknown as Db;
  const exclusive = async <T>(fn: () => Promise<T>): Promise<T> => {
    const lockClient = await pool.connect();
    try {
      await lockClient.query("select pg_advisory_lock(72430011)");
      return await fn();
    } finally {
      await lockClient.query("select pg_advisory_unlock(72430011)").catch(() => undefined);
      lockClient.release();
    }
  };
  return { db, kind: "postgres", close: () => pool.end(), exclusive };
}

export async function applyMigrations(handle: DbHandle): Promise<void> {
  if (handle.kind === "pglite") {
    await migratePglite(handle.db as never, { migrationsFolder });
  } else {
    await migratePg(handle.db as never, { migrationsFolder });
  }
}

export const pgliteDataDir = () => path.resolve(env.DATA_DIR, "db");

/** Opens the configured database: PostgreSQL when DATABASE_URL is set, else PGlite on disk. */
export async function openDatabase(): Promise<DbHandle> {
  if (env.DATABASE_URL) return postgresHandle(env.DATABASE_URL);
  const dir = pgliteDataDir();
  fs.mkdirSync(dir, { recursive: true });
  return pgliteHandle(await PGlite.create(dir));
}

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
  const { ensureReferenceData, ensureFirstAdmin } = await import("./seed/reference");
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
