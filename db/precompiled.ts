import "server-only";
import { createHash } from "node:crypto";
import { sql, type Column, type SQL } from "drizzle-orm";
import type { PgDialect, SelectedFieldsOrdered } from "drizzle-orm/pg-core";
import { genericTwin, type DbOrTx, type Tx } from "./client";

/**
 * A hot statement of a fixed shape (the booking's locks and reads, issue 27: bookings per second),
 * built into SQL once per process and sent as a named prepared statement. Building a wide join
 * costs Drizzle more Node CPU than the rest of the statement: 0.21 ms a call built each time,
 * 0.09 ms built once, 0.05 ms built once and named (measured here in a transaction on
 * PostgreSQL), and a named statement is parsed and planned once per connection. It runs
 * on whatever db or transaction it is given, through that db's session (its connection, its
 * logger: statement counts in tests still see it). `build` uses `sql.placeholder(name)` for every
 * value (`anyOf` for a list); its rows come back mapped exactly as the builder maps them.
 */
export function precompiled<V extends Record<string, unknown>, Q extends PromiseLike<unknown>>(
  name: string,
  build: (db: DbOrTx) => Q & { prepare(name: string): unknown },
): (db: DbOrTx, values: V) => Promise<Awaited<Q>> {
  const variants = listVariants<V, Template>(
    name,
    (db, named) => build(db).prepare(named) as Template,
  );
  return (db, values) => {
    const { statement: t, values: given, name: named } = variants(db, values);
    const query = db._.session.prepareQuery(
      t.query,
      t.fields,
      named,
      t._isResponseInArrayMode,
      t.customResultMapper,
      t.queryMetadata,
    ) as unknown as Template;
    query.joinsNotNullableMap = t.joinsNotNullableMap;
    return query.execute(given) as Promise<Awaited<Q>>;
  };
}

/**
 * `precompiled` for a statement no query builder writes (a writable CTE, or several reads folded
 * into one row): the SQL is turned into text once per process and sent as a named prepared
 * statement; it answers the driver's rows as they come (give every value `sql.placeholder`).
 */
export function precompiledSql<V extends Record<string, unknown>, R>(
  name: string,
  build: (db: DbOrTx) => SQL,
  opts: { plannedOnce?: boolean } = {},
): (db: DbOrTx, values: V) => Promise<R[]> {
  const variants = listVariants<V, { sql: string; params: unknown[] }>(name, (db) =>
    (db as unknown as { dialect: PgDialect }).dialect.sqlToQuery(build(db)),
  );
  return async (given, values) => {
    // plannedOnce: a statement whose generic plan is its custom one (lookups by key), run on the
    // pool that plans once per connection when given the app's pool (genericTwin).
    const db = (opts.plannedOnce && genericTwin(given)) || given;
    const { statement: query, values: filled, name: named } = variants(db, values);
    const prepared = db._.session.prepareQuery(query, undefined, named, false) as unknown as {
      execute(values: Record<string, unknown>): Promise<{ rows: R[] }>;
    };
    return (await prepared.execute(filled)).rows;
  };
}

/**
 * While a statement is built for `listVariants`: the `anyOf` lists it names, and those this
 * variant is given one value of. Builds are synchronous (a query builder, then its SQL), so no
 * other build runs in between.
 */
let building: { lists: string[]; ones: ReadonlySet<string> } | undefined;

/** The value name a list of one is sent under (`anyOf` writes `column = $it`). */
const oneOf = (list: string) => `${list}:one`;

/**
 * A precompiled statement's variants by which of its `anyOf` lists hold exactly one value: a list
 * of one is sent as `column = $1`, any other as `column = any($1)`, each variant its own named
 * statement (`name`, then `name_1x<mask>` for the lists of one). Where a statement is planned
 * generically (a booking's transaction, the twin pool), PostgreSQL guesses ten rows for
 * `= any($1)` and hashed whole tables against them — a new agency's thousand shifts, users and
 * slots, ~0.4 ms a read — for what is nearly always one id: `= $1` on a key is one row, an
 * index lookup, at any size (the booking's answer 0.46 → 0.06 ms). The lists are learnt on the
 * first build, so the masks are the same in every copy of a module (names stand for texts).
 */
function listVariants<V extends Record<string, unknown>, T>(
  name: string,
  build: (db: DbOrTx, named: string) => T,
): (db: DbOrTx, values: V) => { statement: T; values: V; name: string } {
  let lists: string[] | undefined;
  const byMask = new Map<number, { statement: T; name: string }>();
  const buildFor = (db: DbOrTx, mask: number) => {
    const named = mask ? `${name}_1x${mask.toString(36)}` : name;
    const ones = new Set((lists ?? []).filter((_, i) => mask & (1 << i)));
    building = { lists: [], ones };
    try {
      const statement = build(db, named);
      lists ??= building.lists;
      byMask.set(mask, { statement, name: named });
      return { statement, name: named };
    } finally {
      building = undefined;
    }
  };
  return (db, values) => {
    if (!lists) buildFor(db, 0);
    let mask = 0;
    lists!.forEach((list, i) => {
      const v = values[list];
      if (Array.isArray(v) && v.length === 1) mask |= 1 << i;
    });
    if (!mask) return { ...byMask.get(0)!, values };
    const filled: Record<string, unknown> = { ...values };
    lists!.forEach((list, i) => {
      if (mask & (1 << i)) filled[oneOf(list)] = (values[list] as unknown[])[0];
    });
    return { ...(byMask.get(mask) ?? buildFor(db, mask)), values: filled as V };
  };
}

/** What a Drizzle prepared query keeps of its build (the drivers' prepared queries all do). */
interface Template {
  execute(values: Record<string, unknown>): Promise<unknown>;
  query: { sql: string; params: unknown[] };
  fields: SelectedFieldsOrdered | undefined;
  _isResponseInArrayMode: boolean;
  customResultMapper?: (rows: unknown[][]) => unknown;
  queryMetadata?: { type: "select" | "update" | "delete" | "insert"; tables: string[] };
  joinsNotNullableMap?: Record<string, boolean>;
}

/**
 * `column = any($name)`: a list as one array parameter, so the statement's text stays the same
 * whatever the list's length; in a precompiled statement, a list of one is `column = $name`
 * (`listVariants`).
 */
export function anyOf(column: Column | SQL, name: string): SQL {
  if (building && !building.lists.includes(name)) building.lists.push(name);
  return building?.ones.has(name)
    ? sql`${column} = ${sql.placeholder(oneOf(name))}`
    : sql`${column} = any(${sql.placeholder(name)})`;
}

const MAX_SHAPES = 64;

/**
 * `precompiled` for a statement whose text depends on which of its parts a call uses (a list's
 * optional filters): one named statement per shape, each built on first use. The shape must
 * decide the whole text (the values go through placeholders). At most `MAX_SHAPES` are kept:
 * past them (a caller sending ever new shapes) a shape is built for its call alone and sent
 * unnamed.
 */
export function precompiledByShape<
  S,
  V extends Record<string, unknown>,
  Q extends PromiseLike<unknown>,
>(
  name: string,
  build: (db: DbOrTx, shape: S) => Q & { prepare(name?: string): unknown },
): (shape: S) => (db: DbOrTx, values: V) => Promise<Awaited<Q>> {
  const byShape = new Map<string, (db: DbOrTx, values: V) => Promise<Awaited<Q>>>();
  return (shape) => {
    const key = JSON.stringify(shape);
    let statement = byShape.get(key);
    if (!statement && byShape.size >= MAX_SHAPES)
      return (db, values) =>
        (build(db, shape).prepare() as Template).execute(values) as Promise<Awaited<Q>>;
    if (!statement) {
      // A statement's name stands for its text on each connection, and every copy of this module
      // shares the pool (Next.js loads a module once per server layer: a route handler's and a
      // server action's copies each keep a map). So the name comes from the shape, never from the
      // order shapes were first met in: two copies numbering shapes as met gave one name two
      // texts, and the driver refused the second on a connection that had prepared the first.
      const named = `${name}_${createHash("sha1").update(key).digest("hex").slice(0, 12)}`;
      byShape.set(key, (statement = precompiled<V, Q>(named, (db) => build(db, shape))));
    }
    return statement;
  };
}

/**
 * A transaction whose named statements are planned generically: each is planned once per
 * connection and then only executed. The pool plans every statement with its values
 * (`plan_cache_mode=force_custom_plan`, db/client.ts), because a list's generic plan can guess
 * ten rows for `= any($1)` and scan a big table; where every statement of a transaction is a
 * lookup by key (a booking, issue 27: bookings per second), planning them each call cost about
 * three times what running them did. `auto` is not enough: PostgreSQL keeps custom plans for the
 * `= any($1)` reads. A caller checks its statements' generic plans (EXPLAIN) before using it.
 * Opened on the twin pool when the handle has one (its connections plan so: no `set local`, one
 * round trip of ~16 a booking fewer, each ~80 µs of Node's CPU here); otherwise (PGlite, an
 * open transaction, a wrapped db) with `set local`, which ends with the transaction.
 */
export async function genericTransaction<T>(db: DbOrTx, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const twin = genericTwin(db);
  if (twin) return twin.transaction(fn);
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
    return fn(tx);
  });
}

const plannedTexts = new Map<string, Set<string>>();

/**
 * A list's one big read, parsed and planned once per connection: sent as a named statement on
 * the pool that plans generically (`genericTwin`, db/client.ts). The office's month view at
 * full scale was parsed and planned on every call (~2 ms parsing, 1.5–5 ms planning under load)
 * for ~3 ms of running; planned once in a transaction of its own that planned generically,
 * PostgreSQL's CPU a call went 6.2 → 2.7 ms, and on the twin pool the transaction's three
 * round trips (begin, set local, commit) are gone too. Only for a statement whose generic plan
 * is the same for every value. The name is `name` and a hash of the text, so each shape has its
 * own; past MAX_SHAPES texts a name's new ones are sent as before. Sent as before, planned with
 * its values, on PGlite (one connection, nothing to reuse) and inside an open transaction (its
 * own connection).
 */
export async function readPlannedOnce<R>(db: DbOrTx, name: string, query: SQL): Promise<R[]> {
  const q = (db as unknown as { dialect: PgDialect }).dialect.sqlToQuery(query);
  let texts = plannedTexts.get(name);
  if (!texts) plannedTexts.set(name, (texts = new Set()));
  if (texts.size < MAX_SHAPES) texts.add(q.sql);
  const twin = genericTwin(db);
  if (!twin || !texts.has(q.sql))
    return ((await db.execute(query)) as unknown as { rows: R[] }).rows;
  const named = `${name}_${createHash("sha1").update(q.sql).digest("hex").slice(0, 12)}`;
  const prepared = twin._.session.prepareQuery(q, undefined, named, false) as unknown as {
    execute(): Promise<{ rows: R[] }>;
  };
  return (await prepared.execute()).rows;
}
