import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schema, type Db, type DbHandle } from "@/db";
import { ROLE } from "@/lib/domain/permissions";
import { env } from "@/lib/env";
import { runDbChecks } from "@/lib/db-check/checks";
import type { Ctx } from "@/lib/services/context";
import { updateProfile } from "@/lib/services/users/profile-update";
import { testDatabase } from "@/lib/testing/db";
import { createUser, ctxFor } from "@/lib/testing/fixtures";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type Rows = { rows: Record<string, unknown>[] };

/**
 * salary_month_workers (migration 0045) under two connections at once: its statement triggers
 * on salary_lines write each worker's row with lower(name) in the writer's transaction, and a
 * rename rewrites the worker's rows. A rename racing a writer must leave every row with the new
 * name (db:check salary-month-workers holds), in either order, and neither may fail: a salary
 * run's batch writes many workers' lines in several statements while the profile edit holds its
 * worker's row FOR UPDATE. PostgreSQL only: PGlite has one connection.
 */
describe.runIf(env.DATABASE_URL)("salary_month_workers under concurrent renames", () => {
  let handle: DbHandle;
  let db: Db;
  let admin: Ctx;
  let skill: number;
  let seq = 0;

  beforeAll(async () => {
    handle = await testDatabase();
    db = handle.db;
    const a = await createUser(db, { roles: [ROLE.admin] });
    admin = await ctxFor(db, a.id);
    const [s] = await db
      .insert(schema.skills)
      .values({ name: `Month workers skill ${Date.now()}` })
      .returning({ id: schema.skills.id });
    skill = s.id;
  });
  afterAll(async () => {
    await handle?.close();
  });

  const newWorker = async () =>
    (await createUser(db, { roles: [ROLE.worker], name: `Mw Worker ${++seq}` })).id;

  /** One draft line a day, as the salary build inserts them (one statement). */
  const insertLines = (d: Db | Tx, userId: number, dates: string[]) =>
    d.execute(sql`insert into salary_lines (user_id, skill_id, work_date, starts_at, ends_at,
        currency_code, standard_minutes, standard_rate, rate_source, amount)
      select ${userId}, ${skill}, d::date, d::date + time '08:00', d::date + time '09:00',
             'DKK', 60, 10000, 'test', 10000
        from unnest(${sql.raw(`array[${dates.map((x) => `'${x}'`).join(",")}]`)}::text[]) d`);

  /** The profile edit (PUT users/{id}): it locks the worker's row FOR UPDATE, then renames. */
  const renameByProfile = (userId: number, first: string) =>
    updateProfile(admin, userId, { first_name: first, last_name: "Renamed" });

  const rowsOf = async (userId: number) =>
    (
      (await db.execute(sql`select to_char(month, 'YYYY-MM') as month, name_key, lines
        from salary_month_workers where user_id = ${userId} order by month`)) as unknown as Rows
    ).rows;

  const nameKeyOf = async (userId: number) =>
    (
      (await db.execute(
        sql`select lower(name) as k from users where id = ${userId}`,
      )) as unknown as Rows
    ).rows[0].k;

  const checkHolds = async () => {
    const [result] = (await runDbChecks(db)).filter((r) => r.name === "salary-month-workers");
    expect(result).toMatchObject({ count: 0, ids: [] });
  };

  /** A transaction driven from outside: `run` sends it a statement, `commit` ends it. */
  function openTransaction() {
    type Step = {
      work: ((tx: Tx) => Promise<unknown>) | null;
      ok: () => void;
      fail: (e: unknown) => void;
    };
    const steps: Step[] = [];
    let wake = () => {};
    const send = (work: Step["work"]) =>
      new Promise<void>((ok, fail) => {
        steps.push({ work, ok, fail });
        wake();
      });
    const done = db.transaction(async (tx) => {
      for (;;) {
        while (!steps.length) await new Promise<void>((r) => (wake = r));
        const step = steps.shift()!;
        if (!step.work) return step.ok();
        try {
          await step.work(tx);
          step.ok();
        } catch (err) {
          step.fail(err);
          throw err;
        }
      }
    });
    done.catch(() => undefined);
    return {
      run: (work: (tx: Tx) => Promise<unknown>) => send(work),
      commit: () => {
        send(null).catch(() => undefined);
        return done;
      },
    };
  }

  /** Follows a promise's outcome without leaving a rejection unhandled. */
  function track<T>(p: Promise<T>) {
    const t = { settled: false, error: undefined as unknown, done: p };
    t.done = p.then(
      (v) => ((t.settled = true), v),
      (err) => {
        t.settled = true;
        t.error = err;
        throw err;
      },
    );
    t.done.catch(() => undefined);
    return t;
  }

  /** True once some connection of this database waits on a lock; false if `t` ends first. */
  async function blocked(t: { settled: boolean }) {
    for (let i = 0; i < 400; i++) {
      const r = (await db.execute(sql`select count(*)::int as n from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`)) as unknown as Rows;
      if (Number(r.rows[0].n) > 0) return true;
      if (t.settled) return false;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error("neither blocked nor finished in 10 s");
  }

  it("a rename waits for a writer's open transaction, then renames the month it added", async () => {
    const w = await newWorker();
    await insertLines(db, w, ["2026-10-05"]);
    const writer = openTransaction();
    await writer.run((tx) => insertLines(tx, w, ["2026-11-03", "2026-11-04"]));
    const rename = track(renameByProfile(w, "Zed"));
    expect(await blocked(rename)).toBe(true);
    expect(rename.settled).toBe(false);
    await writer.commit();
    await rename.done;
    expect(await rowsOf(w)).toEqual([
      { month: "2026-10", name_key: "zed renamed", lines: 1 },
      { month: "2026-11", name_key: "zed renamed", lines: 2 },
    ]);
    await checkHolds();
  });

  it("a bare UPDATE of the name waits for the writer too", async () => {
    const w = await newWorker();
    const writer = openTransaction();
    await writer.run((tx) => insertLines(tx, w, ["2026-11-03"]));
    const rename = track(
      db
        .update(schema.users)
        .set({ name: "Bare Rename" })
        .where(sql`id = ${w}`),
    );
    expect(await blocked(rename)).toBe(true);
    await writer.commit();
    await rename.done;
    expect(await rowsOf(w)).toEqual([{ month: "2026-11", name_key: "bare rename", lines: 1 }]);
    await checkHolds();
  });

  it.each([
    ["the profile edit's lock", true],
    ["a bare UPDATE", false],
  ])(
    "a writer waits for an open rename (%s), then lists the worker under the new name",
    async (_, forUpdate) => {
      const w = await newWorker();
      await insertLines(db, w, ["2026-10-05"]);
      const renamer = openTransaction();
      await renamer.run(async (tx) => {
        if (forUpdate) await tx.execute(sql`select id from users where id = ${w} for update`);
        await tx.execute(sql`update users set name = 'Ulla Later' where id = ${w}`);
      });
      const writer = track(insertLines(db, w, ["2026-11-03"]));
      expect(await blocked(writer)).toBe(true);
      await renamer.commit();
      await writer.done;
      expect(await rowsOf(w)).toEqual([
        { month: "2026-10", name_key: "ulla later", lines: 1 },
        { month: "2026-11", name_key: "ulla later", lines: 1 },
      ]);
      await checkHolds();
    },
  );

  it("a salary batch (several workers, several statements) and a profile edit of one of them both finish", async () => {
    const [a, b] = [await newWorker(), await newWorker()];
    // As computeSalaryLines: a statement on worker a's lines, then one on worker b's.
    const batch = openTransaction();
    await batch.run((tx) => insertLines(tx, a, ["2026-11-02"]));
    const rename = track(renameByProfile(b, "Bea"));
    await blocked(rename);
    const second = track(batch.run((tx) => insertLines(tx, b, ["2026-11-02"])));
    await Promise.allSettled([rename.done, second.done]);
    // Ended first either way: a batch left open would hold its locks over the next tests.
    const committed = await batch.commit().then(
      () => "committed",
      (err: unknown) => String(err),
    );
    expect(rename.error).toBeUndefined();
    expect(second.error).toBeUndefined();
    expect(committed).toBe("committed");
    expect(await rowsOf(b)).toEqual([{ month: "2026-11", name_key: "bea renamed", lines: 1 }]);
    await checkHolds();
  });

  it("renames racing inserts of a worker's first line of a month all end with the new name", async () => {
    const workers: number[] = [];
    for (let i = 0; i < 12; i++) {
      const w = await newWorker();
      workers.push(w);
      if (i % 2) await insertLines(db, w, ["2026-10-05"]);
      const outcomes = await Promise.allSettled([
        db.transaction(async (tx) => {
          await insertLines(tx, w, ["2026-11-03"]);
          await insertLines(tx, w, ["2026-12-01"]);
        }),
        renameByProfile(w, `Racer${i}`),
      ]);
      expect(outcomes.map((o) => o.status)).toEqual(["fulfilled", "fulfilled"]);
    }
    for (const w of workers) {
      const key = await nameKeyOf(w);
      expect((await rowsOf(w)).every((r) => r.name_key === key)).toBe(true);
    }
    await checkHolds();
  });
});
