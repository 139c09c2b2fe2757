import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import {
  anyOf,
  genericTwin,
  postgresHandle,
  precompiled,
  precompiledByShape,
  precompiledSql,
  readPlannedOnce,
  schema,
  sideBySide,
  type Db,
  type DbHandle,
  type DbOrTx,
} from "@/db";
import { testDatabase } from "@/lib/testing/db";
import { countingDb } from "@/lib/testing/counting-db";
import { rowsOf } from "./chat/access";
import { makeCtx, systemActor } from "./context";
import { withParallelWorkers } from "./statistics/by-worker";

let handle: DbHandle;
let db: Db;
let ids: number[];

beforeAll(async () => {
  handle = await testDatabase();
  db = handle.db;
  ids = (
    await db
      .insert(schema.skills)
      .values([
        { name: "Precompiled parent", order: 1 },
        { name: "Precompiled loner", order: 2 },
      ])
      .returning({ id: schema.skills.id })
  ).map((r) => r.id);
  await db.insert(schema.skills).values({ name: "Precompiled child", order: 3, parentId: ids[0] });
});
afterAll(() => handle.close());

const s = schema.skills;
const skillsBase = (d: DbOrTx) =>
  d
    .select({
      id: s.id,
      name: s.name,
      parentId: s.parentId,
      createdAt: s.createdAt,
      children: sql<number>`(select count(*)::int from skills c where c.parent_id = skills.id)`,
    })
    .from(s);
const skillsQuery = (d: DbOrTx) =>
  skillsBase(d).where(
    and(anyOf(s.id, "ids"), isNull(s.deletedAt), eq(s.order, sql.placeholder("order"))),
  );
const skillsById = precompiled<{ ids: number[]; order: number }, ReturnType<typeof skillsQuery>>(
  "test_skills_by_id",
  (d) => skillsQuery(d),
);

describe("precompiled (db/precompiled.ts)", () => {
  it("answers the rows the built query answers, mapped the same way, for any list", async () => {
    for (const order of [1, 2]) {
      const built = await skillsBase(db).where(
        and(inArray(s.id, ids), isNull(s.deletedAt), eq(s.order, order)),
      );
      const pre = await skillsById(db, { ids, order });
      expect(pre).toEqual(built);
      expect(pre).toHaveLength(1);
      expect(pre[0].createdAt).toBeInstanceOf(Date);
    }
    expect(await skillsById(db, { ids: [], order: 1 })).toEqual([]);
    const [parent] = await skillsById(db, { ids: [ids[0]], order: 1 });
    expect(parent).toMatchObject({ name: "Precompiled parent", parentId: null, children: 1 });
  });

  it("runs on the transaction it is given: sees its uncommitted rows, counted like any statement", async () => {
    const counting = countingDb(handle);
    await counting.db
      .transaction(async (tx) => {
        await tx.update(schema.skills).set({ order: 7 }).where(eq(schema.skills.id, ids[1]));
        counting.reset();
        const [row] = await skillsById(tx, { ids: [ids[1]], order: 7 });
        expect(row?.name).toBe("Precompiled loner");
        expect(counting.statements()).toBe(1);
        if (handle.kind === "postgres") {
          // Named: parsed and planned once on this connection.
          const named = await rowsOf(
            tx,
            sql`select 1 from pg_prepared_statements where name = 'test_skills_by_id'`,
          );
          expect(named).toHaveLength(1);
        }
        throw new Error("roll back");
      })
      .catch((e: Error) => expect(e.message).toBe("roll back"));
    expect(await skillsById(db, { ids: [ids[1]], order: 7 })).toEqual([]);
  });

  it("plans a named statement with the values it runs with, never a generic plan (PostgreSQL)", async () => {
    if (handle.kind !== "postgres") return;
    // A generic plan guesses ten rows for `id = any($1)`: the booking's slot reads hashed a seq
    // scan of shifts (db/client.ts sets the mode on every pooled connection). The booking now
    // plans generically inside its own transaction only (book-statements.int.test.ts).
    const [row] = await rowsOf<{ plan_cache_mode: string }>(db, sql`show plan_cache_mode`);
    expect(row?.plan_cache_mode).toBe("force_custom_plan");
  });

  it("never JIT-compiles a statement (PostgreSQL)", async () => {
    if (handle.kind !== "postgres") return;
    // The booking dialog's worker search at scale compiled for ~500 ms to run for 24 ms.
    const [row] = await rowsOf<{ jit: string }>(db, sql`show jit`);
    expect(row?.jit).toBe("off");
  });

  it("plans no parallel workers, except for the per-worker statistics' own transaction (PostgreSQL)", async () => {
    if (handle.kind !== "postgres") return;
    // The booking dialog's worker search at scale hashed a parallel seq scan of every user
    // instead of walking them by name to its page.
    const [row] = await rowsOf<{ w: string }>(
      db,
      sql`select current_setting('max_parallel_workers_per_gather') as w`,
    );
    expect(row?.w).toBe("0");
    const inside = await withParallelWorkers(makeCtx(db, systemActor()), (ctx) =>
      rowsOf<{ w: string }>(
        ctx.db,
        sql`select current_setting('max_parallel_workers_per_gather') as w`,
      ),
    );
    expect(inside[0]?.w).toBe("2");
    const [after] = await rowsOf<{ w: string }>(
      db,
      sql`select current_setting('max_parallel_workers_per_gather') as w`,
    );
    expect(after?.w).toBe("0");
  });

  it("by shape: one named statement per shape, each the text its parts make; past 64 shapes, unnamed", async () => {
    // `order`: a filter of its own; `first`: how many skills, written into the text.
    type Shape = { order: boolean; first: number };
    const byShape = precompiledByShape<
      Shape,
      { ids: number[]; order?: number },
      ReturnType<typeof shapedQuery>
    >("test_skills_by_shape", (d, shape) => shapedQuery(d, shape));
    function shapedQuery(d: DbOrTx, shape: Shape) {
      return skillsBase(d)
        .where(
          and(anyOf(s.id, "ids"), shape.order ? eq(s.order, sql.placeholder("order")) : undefined),
        )
        .orderBy(s.id)
        .limit(sql.raw(String(shape.first)) as unknown as number);
    }
    const counting = countingDb(handle);
    const run = (shape: Shape, order?: number) => byShape(shape)(counting.db, { ids, order });
    const names = async (shape: Shape, order?: number) =>
      (await run(shape, order)).map((r) => r.name);
    expect(await names({ order: true, first: 5 }, 2)).toEqual(["Precompiled loner"]);
    expect(await names({ order: false, first: 5 })).toEqual([
      "Precompiled parent",
      "Precompiled loner",
    ]);
    expect(await names({ order: false, first: 1 })).toEqual(["Precompiled parent"]);
    // The same shape again is the same statement, with new values.
    expect(await names({ order: true, first: 5 }, 1)).toEqual(["Precompiled parent"]);
    expect(new Set(counting.sent()).size).toBe(3);
    // Past the 64 kept shapes a shape is still answered right (built for its call alone).
    for (let first = 2; first <= 70; first++) await run({ order: false, first });
    expect(await names({ order: false, first: 70 })).toHaveLength(2);
    expect(await names({ order: true, first: 70 }, 2)).toEqual(["Precompiled loner"]);
    if (handle.kind === "postgres") {
      const named = await rowsOf<{ name: string }>(
        db,
        sql`select name from pg_prepared_statements where name like 'test_skills_by_shape%'`,
      );
      // The one connection's statements: never more than the 64 kept shapes.
      expect(named.length).toBeLessThanOrEqual(64);
    }
  });

  it("planned once: a named statement on the pool that plans generically (PostgreSQL); unnamed on a wrapped db, in an open transaction and on PGlite", async () => {
    const read = (d: DbOrTx, order: number) =>
      readPlannedOnce<{ name: string }>(
        d,
        "test_planned_once",
        sql`select name from skills where "order" = ${order} and deleted_at is null order by id`,
      );
    const names = async (d: DbOrTx, order: number) => (await read(d, order)).map((r) => r.name);
    expect(await names(db, 2)).toEqual(["Precompiled loner"]);
    expect(await names(db, 1)).toEqual(["Precompiled parent"]);
    const twin = genericTwin(db);
    expect(twin === null).toBe(handle.kind === "pglite");
    // A wrapped db (a test's counting one) and a transaction keep their own connection: one
    // statement each, as sent before, with no setting around it.
    const counting = countingDb(handle);
    expect(await names(counting.db, 2)).toEqual(["Precompiled loner"]);
    await counting.db.transaction(async (tx) => {
      expect(await names(tx, 1)).toEqual(["Precompiled parent"]);
      const [mode] = await rowsOf<{ m: string }>(
        tx,
        sql`select current_setting('plan_cache_mode') as m`,
      );
      expect(mode?.m).toBe(twin ? "force_custom_plan" : "auto");
    });
    expect(counting.queries()).toBe(3);
    expect(counting.sent().filter((q) => q.startsWith("select name from skills"))).toHaveLength(2);
    expect(counting.sent().some((q) => q.startsWith("set"))).toBe(false);
    if (!twin) return;
    // The twin's calls ran one after the other on the connection released last (pg-pool hands
    // idle connections back last in, first out): prepared once, planned generically for both.
    const plans = await rowsOf<{ generic_plans: string; custom_plans: string }>(
      twin,
      sql`select generic_plans, custom_plans from pg_prepared_statements
          where name like 'test_planned_once%'`,
    );
    expect(plans).toEqual([{ generic_plans: "2", custom_plans: "0" }]);
    const [modeOf] = await rowsOf<{ plan_cache_mode: string }>(twin, sql`show plan_cache_mode`);
    expect(modeOf?.plan_cache_mode).toBe("force_generic_plan");
    // The app's pool plans with the values as before, and never saw the statement.
    const [main] = await rowsOf<{ plan_cache_mode: string }>(db, sql`show plan_cache_mode`);
    expect(main?.plan_cache_mode).toBe("force_custom_plan");
    const mainNamed = await rowsOf<{ name: string }>(
      db,
      sql`select name from pg_prepared_statements where name like 'test_planned_once%'`,
    );
    expect(mainNamed).toEqual([]);
  });

  it("finds a handle's twin from another copy of db/client.ts (Next.js loads one per server layer)", async () => {
    // A registry kept by the module was empty in the copy the route handlers and the proxy
    // loaded (the handle is made by another): every call fell back to planning each time.
    vi.resetModules();
    const copy = await import("@/db/client");
    expect(copy.genericTwin).not.toBe(genericTwin);
    expect(copy.genericTwin(db)).toBe(genericTwin(db));
    expect(copy.genericTwin(db) === null).toBe(handle.kind === "pglite");
  });

  it("opens no twin pool for a handle once it is closed (PostgreSQL)", async () => {
    if (handle.notifications.kind !== "postgres") return;
    const other = postgresHandle(handle.notifications.url, 2);
    const twin = genericTwin(other.db);
    expect(twin).not.toBeNull();
    expect(await rowsOf(twin!, sql`select 1 as one`)).toEqual([{ one: 1 }]);
    await other.close();
    expect(genericTwin(other.db)).toBeNull();
  });

  it("plannedOnce: precompiledSql's statement runs on the twin pool, planned generically (PostgreSQL)", async () => {
    const byOrder = precompiledSql<{ order: number }, { name: string }>(
      "test_sql_planned_once",
      () =>
        sql`select name from skills where "order" = ${sql.placeholder("order")}::int and deleted_at is null`,
      { plannedOnce: true },
    );
    expect(await byOrder(db, { order: 2 })).toEqual([{ name: "Precompiled loner" }]);
    expect(await byOrder(db, { order: 1 })).toEqual([{ name: "Precompiled parent" }]);
    // Inside a transaction it runs on the transaction's connection, planned with its values.
    await db.transaction(async (tx) => {
      expect(await byOrder(tx, { order: 2 })).toEqual([{ name: "Precompiled loner" }]);
      const [inTx] = await rowsOf<{ custom_plans: string }>(
        tx,
        sql`select custom_plans from pg_prepared_statements where name = 'test_sql_planned_once'`,
      );
      if (handle.kind === "postgres") expect(inTx?.custom_plans).toBe("1");
    });
    const twin = genericTwin(db);
    if (!twin) return;
    const plans = await rowsOf<{ generic_plans: string; custom_plans: string }>(
      twin,
      sql`select generic_plans, custom_plans from pg_prepared_statements
          where name = 'test_sql_planned_once'`,
    );
    expect(plans).toEqual([{ generic_plans: "2", custom_plans: "0" }]);
  });

  it("by shape: copies of one module on one connection name a shape alike, never two shapes alike", async () => {
    // Next.js loads a module once per server layer, and the copies share the pool: the REST
    // route's copy of the bookable list met one shape first, the booking dialog's action's copy
    // another, and on a connection holding the first the driver refused the second
    // ("Prepared statements must be unique") — CI's booking journey on PostgreSQL.
    type Shape = { order: boolean };
    const copy = () =>
      precompiledByShape<Shape, { ids: number[]; order?: number }, ReturnType<typeof query>>(
        "test_skills_two_copies",
        (d, shape) => query(d, shape),
      );
    function query(d: DbOrTx, shape: Shape) {
      return skillsBase(d)
        .where(
          and(anyOf(s.id, "ids"), shape.order ? eq(s.order, sql.placeholder("order")) : undefined),
        )
        .orderBy(s.id);
    }
    const [route, action] = [copy(), copy()];
    // One transaction: one connection for every call.
    const names = await db.transaction(async (tx) => {
      const out: string[][] = [];
      for (const [byShape, shape] of [
        [route, { order: false }],
        [action, { order: true }],
        [route, { order: true }],
        [action, { order: false }],
      ] as const) {
        const rows = await byShape(shape)(tx, { ids, order: 2 });
        out.push(rows.map((r) => r.name));
      }
      if (handle.kind === "postgres") {
        const named = await rowsOf<{ name: string }>(
          tx,
          sql`select name from pg_prepared_statements where name like 'test_skills_two_copies%'`,
        );
        expect(named).toHaveLength(2);
      }
      return out;
    });
    const all = ["Precompiled parent", "Precompiled loner"];
    expect(names).toEqual([all, ["Precompiled loner"], ["Precompiled loner"], all]);
  });

  it("opens a transaction without relational query builders (drizzle given no schema: one per table each transaction)", async () => {
    expect(Object.keys(db.query)).toEqual([]);
    const keys = await db.transaction(async (tx) => Object.keys(tx.query));
    expect(keys).toEqual([]);
  });

  it("inserts with each value through its column's encoder", async () => {
    const insert = precompiled<
      { logName: string; properties: Record<string, unknown>; createdAt: Date },
      ReturnType<typeof insertQuery>
    >("test_activity_insert", (d) => insertQuery(d));
    function insertQuery(d: DbOrTx) {
      return d
        .insert(schema.activityLog)
        .values({
          logName: sql.placeholder("logName"),
          description: "precompiled",
          properties: sql.placeholder("properties"),
          createdAt: sql.placeholder("createdAt"),
        })
        .returning({ id: schema.activityLog.id, properties: schema.activityLog.properties });
    }
    const at = new Date("2026-11-27T12:34:56.789Z");
    const [row] = await insert(db, { logName: "test", properties: { a: [1, 2] }, createdAt: at });
    expect(row.properties).toEqual({ a: [1, 2] });
    const [back] = await db
      .select()
      .from(schema.activityLog)
      .where(eq(schema.activityLog.id, row.id));
    expect(back.createdAt.toISOString()).toBe(at.toISOString());
  });
});

describe("sideBySide (db/side-by-side.ts)", () => {
  const read = (d: DbOrTx, log: string[], name: string) => async () => {
    log.push(`start ${name}`);
    const [row] = await rowsOf<{ name: string }>(d, sql`select ${name}::text as name`);
    log.push(`end ${name}`);
    return row.name;
  };

  it("reads one after the other in a transaction, side by side off one", async () => {
    const inTx: string[] = [];
    const answers = await db.transaction((tx) =>
      sideBySide(tx, read(tx, inTx, "a"), read(tx, inTx, "b")),
    );
    expect(answers).toEqual(["a", "b"]);
    expect(inTx).toEqual(["start a", "end a", "start b", "end b"]);

    const onPool: string[] = [];
    expect(await sideBySide(db, read(db, onPool, "a"), read(db, onPool, "b"))).toEqual(["a", "b"]);
    expect(onPool.slice(0, 2)).toEqual(["start a", "start b"]);
  });
});
