import "server-only";
/**
 * The database client: the schema, the handle types, PGlite or PostgreSQL, migrations. What the
 * seed and the verbs' helpers need, without the process-wide holder of db/index.ts.
 */
import path from "node:path";
import fs from "node:fs";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import { PGlite } from "@electric-sql/pglite";
import { Client, Pool, type ClientConfig } from "pg";
import { env } from "@/lib/env";
import * as schema from "./schema";

export { schema };
export type Schema = typeof schema;
// No relational query API (`db.query.<table>`): nothing uses it, and drizzle built one query
// builder per table for every transaction it opened (~80 µs a booking, issue 27).
export type Db = PgDatabase<PgQueryResultHKT>;
export type Tx = PgTransaction<
  PgQueryResultHKT,
  Record<string, never>,
  ExtractTablesWithRelations<Record<string, never>>
>;
/** A database handle or an open transaction: verbs accept either. */
export type DbOrTx = Db | Tx;

export const migrationsFolder = path.join(process.cwd(), "db", "migrations");

export interface DbHandle {
  db: Db;
  kind: "pglite" | "postgres";
  close: () => Promise<void>;
  /** Runs `fn` while holding an installation-wide lock (several app instances starting at once). */
  exclusive: <T>(fn: () => Promise<T>) => Promise<T>;
  /**
   * Where a LISTEN goes (lib/realtime/listener.ts): PGlite's own client (one connection, its
   * listen API), or PostgreSQL's address for a dedicated connection outside the pool.
   */
  notifications: { kind: "pglite"; client: PGlite } | { kind: "postgres"; url: string };
}

export function pgliteHandle(client: PGlite): DbHandle {
  const db = drizzlePglite({ client, casing: "snake_case" }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    close: () => client.close(),
    exclusive: (fn) => fn(),
    notifications: { kind: "pglite", client },
  };
}

/**
 * How the pool meets a PostgreSQL restart (issue 27): opening a connection takes at most this
 * long, then fails ("Connection terminated…", a 503: lib/services/outage/database.ts) instead of
 * hanging; dead idle clients are dropped. The limit is the connection's own, not pg-pool's
 * `connectionTimeoutMillis`: that one would also bound the wait for a free client of a busy
 * pool, turning a burst of callers queued on one row lock into 503s.
 */
export const POOL_CONNECT_TIMEOUT_MS = 5_000;

class TimedClient extends Client {
  constructor(config?: string | ClientConfig) {
    super({
      ...(typeof config === "string" ? { connectionString: config } : config),
      connectionTimeoutMillis: POOL_CONNECT_TIMEOUT_MS,
    });
  }
}

/** Connections of the app's pool (`npm start`, one per instance): callers beyond it queue. */
export const APP_POOL_SIZE = 10;

/**
 * Connections of a handle's second pool, the one that plans generically (`genericTwin`): opened
 * on first use, at most this many (or the handle's own size, if smaller). As many as the app's
 * pool: the bookings run there (genericTransaction), as many at once as they did on the first.
 */
export const GENERIC_POOL_SIZE = 10;

// The session settings of each pool. The hot statements are named (db/precompiled.ts); after
// five runs PostgreSQL may switch a named statement to a generic plan, which guesses ten rows
// for `id = any($1)` and hashes a seq scan of shifts into the booking's slot reads (4–6 ms a call
// at 1,000 shifts, growing with the table). Planning with the real values costs ~0.1 ms; parsing
// is still saved. A transaction of lookups by key may plan generically for itself
// (`genericTransaction`: the booking, whose generic plans were checked); a statement whose generic
// plan was checked may run on the twin pool, which plans every named statement once per
// connection (`genericTwin`: the actor of every call, the office's month view).
// JIT off: a list whose plan is costed per row it might probe (the booking dialog's worker
// search at 25,000 workers, a calendar month) passes the JIT thresholds and spent ~500 ms
// compiling a statement that ran in 24 ms (auto_explain at full scale). The app's statements
// read pages by index and stop at their LIMIT: compiling never pays for itself here.
// No parallel workers either, for the same reason: the booking dialog's worker search at
// scale took a parallel seq scan of 25,000 users and a hash (20 ms) over walking them by
// name to its ten (8 ms). The per-worker statistics, which add up a third of the shifts,
// turn them back on for their own transaction (statistics/by-worker.ts).
const poolOptions = (plans: "custom" | "generic") =>
  `-c plan_cache_mode=force_${plans}_plan -c jit=off -c max_parallel_workers_per_gather=0`;

function newPool(url: string, max: number, plans: "custom" | "generic"): Pool {
  const pool = new Pool({
    connectionString: url,
    max,
    Client: TimedClient,
    idleTimeoutMillis: 30_000,
    // TCP keepalive: a connection whose server vanished without a word is noticed and dropped.
    keepAlive: true,
    options: poolOptions(plans),
  });
  // An idle client erroring (server restart) must not crash the process: pg-pool removes it
  // from the pool, and the next query opens a fresh connection.
  const logged = new WeakSet<Error>();
  pool.on("error", (err) => {
    logged.add(err);
    console.error("[db] idle client error", err.message);
  });
  // A checked-out client whose server goes away between queries (inside a transaction, under
  // the lock of `exclusive`) emits "error" too, and pg-pool listens only while it is idle: with
  // no listener that is an uncaught exception and the process dies. Its pending query fails (a
  // 503); the dead client is dropped when released (pg-pool checks it is still queryable).
  pool.on("connect", (client) => {
    client.on("error", (err) => {
      if (!logged.has(err)) console.error("[db] connection lost", err.message);
    });
  });
  return pool;
}

// On the db itself, under a global symbol: Next.js loads this module once per server layer (a
// route handler's copy, a server action's, the proxy's), and the handle is made by one of them.
const TWIN = Symbol.for("crewdeck.db.genericTwin");
type Twinned = { [TWIN]?: () => Db | null };

/**
 * The handle's twin that plans every named statement once per connection (a pool of its own,
 * `plan_cache_mode=force_generic_plan`), for the statements whose generic plan was checked: one
 * round trip where a transaction that plans generically with `set local` takes four. Null
 * for PGlite (one connection: nothing to share) and for a transaction or a wrapped db (a test's
 * counting db), which keep their own connection.
 */
export function genericTwin(db: DbOrTx): Db | null {
  return (db as unknown as Twinned)[TWIN]?.() ?? null;
}

export function postgresHandle(url: string, max = APP_POOL_SIZE): DbHandle {
  const pool = newPool(url, max, "custom");
  const db = drizzlePg({ client: pool, casing: "snake_case" }) as unknown as Db;
  let generic: { pool: Pool; db: Db } | undefined;
  let closed = false;
  Object.defineProperty(db, TWIN, {
    // Once the handle is closed, no pool is opened again (the caller's statement then fails on
    // the closed main pool, as before).
    value: () => {
      if (closed) return null;
      if (!generic) {
        const twinPool = newPool(url, Math.min(GENERIC_POOL_SIZE, max), "generic");
        generic = {
          pool: twinPool,
          db: drizzlePg({ client: twinPool, casing: "snake_case" }) as unknown as Db,
        };
      }
      return generic.db;
    },
  });
  const exclusive = async <T>(fn: () => Promise<T>): Promise<T> => {
    const lockClient = await pool.connect();
    try {
      await lockClient.query("select pg_advisory_lock(72430011)");
      return await fn();
    } finally {
      // A connection lost meanwhile is destroyed, not handed back to the pool.
      const lost = await lockClient
        .query("select pg_advisory_unlock(72430011)")
        .then(() => undefined)
        .catch((e: unknown) => (e instanceof Error ? e : new Error(String(e))));
      lockClient.release(lost);
    }
  };
  return {
    db,
    kind: "postgres",
    close: async () => {
      closed = true;
      await Promise.all([pool.end(), generic?.pool.end()]);
    },
    exclusive,
    notifications: { kind: "postgres", url },
  };
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
