import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import PgBoss from "pg-boss";
import type { Db, DbHandle } from "@/db";
import { testDatabase } from "@/lib/testing/db";
import { appErrorOf } from "@/lib/testing/app-error";
import {
  drainQueue,
  enqueue,
  QUEUE_NOT_STARTED,
  registerHandler,
  startQueue,
  stopQueue,
  type QueuedJob,
} from "./queue";
import { executeSqlFor } from "./execute-sql";

/**
 * The queue port on the test database (PGlite in memory, or PostgreSQL with DATABASE_URL):
 * pg-boss installs its schema through the executeSql adapter, sends, works and completes; a
 * job sent in a rolled-back transaction never exists; a stop mid-job hands the job to the
 * next boss; an attempt past its expiry is retried.
 */
let handle: DbHandle;
let db: Db;
const KIND = "salary-run" as const;
const FAST = { pollingIntervalSeconds: 0.5, maintenanceIntervalSeconds: 3600 };

beforeAll(async () => {
  handle = await testDatabase();
  db = handle.db;
});
afterEach(async () => {
  await stopQueue({ timeoutMs: 1000 });
});
afterAll(async () => {
  await handle?.close();
});

async function jobRow(id: string) {
  const rows = (await db.execute(
    sql`select state, retry_count from pgboss.job where id = ${id}::uuid`,
  )) as unknown as { rows: { state: string; retry_count: number }[] };
  return rows.rows[0];
}

const seen: QueuedJob<{ n: number }>[] = [];

describe("the background queue", () => {
  it("answers 503 to a job queued while the queue is not started (lib/jobs retries its start)", async () => {
    const err = await appErrorOf(enqueue(db, KIND, { n: 0 }));
    expect(err).toMatchObject({
      status: 503,
      type: "queue_unavailable",
      message: QUEUE_NOT_STARTED,
    });
  });

  it("installs pg-boss, sends, works and completes a job", async () => {
    registerHandler<{ n: number }>(KIND, { expireInSeconds: 60, retryLimit: 2 }, async (job) => {
      seen.push(job);
    });
    await startQueue(handle, FAST);
    const id = await enqueue(db, KIND, { n: 7 }, { singletonKey: "a" });
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await drainQueue(KIND);
    expect(seen.map((j) => [j.id, j.payload.n, j.retryCount])).toEqual([[id, 7, 0]]);
    expect((await jobRow(id!)).state).toBe("completed");
  });

  it("writes a job sent inside a transaction only when the transaction commits", async () => {
    registerHandler(KIND, { expireInSeconds: 60, retryLimit: 2 }, async () => undefined);
    await startQueue(handle, FAST);
    let sent: string | null = null;
    await expect(
      db.transaction(async (tx) => {
        sent = await enqueue(tx, KIND, { n: 1 });
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect(sent).not.toBeNull();
    expect(await jobRow(sent!)).toBeUndefined();
    const kept = await db.transaction((tx) => enqueue(tx, KIND, { n: 2 }));
    await drainQueue(KIND);
    expect((await jobRow(kept!)).state).toBe("completed");
  });

  it("hands a job stopped mid-run to the next boss, which finishes it", async () => {
    let release!: () => void;
    const started = new Promise<void>((resolve) => {
      registerHandler(KIND, { expireInSeconds: 60, retryLimit: 2 }, async () => {
        resolve();
        // Never ends on its own: the first server "dies" holding it.
        await new Promise<void>((r) => (release = r));
      });
    });
    await startQueue(handle, FAST);
    const id = (await enqueue(db, KIND, { n: 3 }))!;
    await started;
    expect((await jobRow(id)).state).toBe("active");
    await stopQueue({ timeoutMs: 1000 });
    // pg-boss fails the attempt it could not finish: another attempt is due.
    expect((await jobRow(id)).state).toBe("retry");
    release();

    const second: QueuedJob<{ n: number }>[] = [];
    registerHandler<{ n: number }>(KIND, { expireInSeconds: 60, retryLimit: 2 }, async (job) => {
      second.push(job);
    });
    await startQueue(handle, FAST);
    await drainQueue(KIND);
    expect(second.map((j) => [j.id, j.payload.n, j.retryCount])).toEqual([[id, 3, 1]]);
    expect((await jobRow(id)).state).toBe("completed");
  });

  it("retries an attempt left active past its expiry (a server killed mid-job)", async () => {
    // The killed server: it fetched the job (active) and never said more.
    const dead = new PgBoss({ db: executeSqlFor(db), schedule: false, supervise: false });
    await dead.start();
    const id = (await dead.send(KIND, { n: 4 }))!;
    expect((await dead.fetch(KIND)).map((j) => j.id)).toEqual([id]);
    await db.execute(
      sql`update pgboss.job set started_on = now() - interval '2 minutes' where id = ${id}::uuid`,
    );
    const attempts: number[] = [];
    registerHandler(KIND, { expireInSeconds: 60, retryLimit: 2 }, async (job) => {
      attempts.push(job.retryCount);
    });
    const boss = await startQueue(handle, FAST);
    // The next maintenance (every minute in production) fails the expired attempt: retried.
    await boss.maintain();
    await drainQueue(KIND);
    expect(attempts).toEqual([1]);
    expect((await jobRow(id)).state).toBe("completed");
  });
});
