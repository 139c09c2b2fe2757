import pg from "pg";

/**
 * Integration tests on PostgreSQL: a query sent to a connection that is still answering another
 * fails the test. A transaction has one connection; pg only queues the second statement today,
 * deprecates doing so and refuses it from pg@9 — reads side by side go through `sideBySide`
 * (db/side-by-side.ts), which runs them in turn in a transaction. (Lint forbids
 * `Promise.all([…])` in lib/services; this catches what lint cannot see.)
 */
// process.env, not lib/env: a setup file that imported lib/env would parse the environment before
// a test file's vi.hoisted() sets its own (behind-https sets APP_URL), freezing the wrong one.
if (process.env.DATABASE_URL) {
  type Busy = { _activeQuery?: unknown; _queryQueue?: unknown[] };
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client & Busy, ...args: unknown[]) {
    if (this._activeQuery || this._queryQueue?.length) {
      const first = args[0] as string | { text?: string };
      const text = typeof first === "string" ? first : first?.text;
      throw new Error(
        `A statement was sent to a connection still answering another (Promise.all in a transaction? use sideBySide): ${String(text).slice(0, 120)}`,
      );
    }
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
}
