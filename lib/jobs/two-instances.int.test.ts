import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, count, eq, inArray } from "drizzle-orm";
import PgBoss from "pg-boss";
import { postgresHandle, schema, type Db, type DbHandle } from "@/db";
import { env } from "@/lib/env";
import { makeCtx, systemActor, withTx } from "@/lib/services/context";
import { sweepChatDigests } from "@/lib/services/notifications/chat-digest";
import { sweepShiftReminders } from "@/lib/services/notifications/reminders";
import { bookingSuite, type BookingSuite } from "@/lib/testing/booking-fixtures";
import type { JobWorld } from "@/lib/testing/jobs-fixtures";
import { executeSqlFor } from "./execute-sql";
import { drainQueue, enqueue, registerHandler, startQueue, stopQueue } from "./queue";

/**
 * Issue 27, "Two app instances": the background loop and the queue of two app processes (two
 * DbHandles, two pools) on one PostgreSQL, racing. The day-before reminder and the chat digest go
 * once however the two loops' rounds interleave; each pg-boss job is run by exactly one of the
 * two workers. PostgreSQL only (the CI pass with DATABASE_URL).
 */
describe.runIf(env.DATABASE_URL)("two app instances: background work runs once", () => {
  const NOW = new Date("2026-12-07T11:00:00Z");
  let handle: DbHandle;
  let db: Db;
  let w: JobWorld;
  let k: BookingSuite["k"];
  let b: DbHandle;
  bookingSuite(NOW, (s) => ({ handle, db, w, k } = s));

  beforeAll(async () => {
    if (handle.notifications.kind !== "postgres") throw new Error("PostgreSQL expected");
    b = postgresHandle(handle.notifications.url, 4);
  });
  afterAll(async () => {
    await stopQueue({ timeoutMs: 1000 });
    await b?.close();
  });

  /** One round of the loop's notification tasks on an instance, as lib/jobs runs them. */
  const round = async (on: Db, at: Date) => {
    const ctx = () => makeCtx(on, systemActor("two instances"), { now: at });
    const reminders = await withTx(ctx(), (c) => sweepShiftReminders(c));
    const digests = await withTx(ctx(), (c) => sweepChatDigests(c));
    return reminders + digests;
  };

  const outbox = (userIds: number[], template: string) =>
    db
      .select({ userId: schema.mailOutbox.userId, n: count() })
      .from(schema.mailOutbox)
      .where(
        and(inArray(schema.mailOutbox.userId, userIds), eq(schema.mailOutbox.template, template)),
      )
      .groupBy(schema.mailOutbox.userId)
      .orderBy(schema.mailOutbox.userId);

  it("the reminder and the chat digest go once each while both instances' loops race", async () => {
    const soon = await k.oneShiftJob("2026-12-08T07:00:00Z", "2026-12-08T15:00:00Z", 8);
    const workers: number[] = [];
    for (let i = 0; i < 4; i++) {
      const id = await k.worker([w.skill]);
      await k.book(w.pm, id, soon);
      workers.push(id);
    }
    // Each worker has an unread message from the project manager, 20 minutes old.
    for (const id of workers) {
      const [chat] = await db.insert(schema.chats).values({ type: "private" }).returning();
      await db.insert(schema.chatParticipants).values([
        { chatId: chat.id, userId: w.pm },
        { chatId: chat.id, userId: id },
      ]);
      await db.insert(schema.chatMessages).values({
        chatId: chat.id,
        senderId: w.pm,
        body: "See you tomorrow",
        createdAt: new Date(NOW.getTime() - 20 * 60_000),
      });
    }

    // Three rounds on each instance, all at once.
    const sent = await Promise.all(
      [handle.db, b.db, handle.db, b.db, handle.db, b.db].map((on) => round(on, NOW)),
    );
    // Four reminders and four digests, each counted by the one round that queued it.
    expect(sent.reduce((x, y) => x + y, 0)).toBe(8);
    const once = workers.map((userId) => ({ userId, n: 1 }));
    expect(await outbox(workers, "shift_reminder")).toEqual(once);
    expect(await outbox(workers, "chat_digest")).toEqual(once);
    // A later round of either finds nothing left to send.
    expect(await round(b.db, new Date(NOW.getTime() + 60_000))).toBe(0);
    expect(await round(handle.db, new Date(NOW.getTime() + 60_000))).toBe(0);
  });

  it("each pg-boss job runs on exactly one of the two instances' workers", async () => {
    const KIND = "salary-run" as const;
    const ran: { id: string; on: "A" | "B" }[] = [];
    const work = (on: "A" | "B") => async (id: string) => {
      ran.push({ id, on });
      // Long enough that the other instance's worker polls meanwhile.
      await new Promise((r) => setTimeout(r, 150));
    };
    // Instance A: the app's queue. Instance B: a second boss on its own pool, same queue.
    registerHandler(KIND, { expireInSeconds: 60, retryLimit: 2 }, (job) => work("A")(job.id));
    await startQueue(handle, { pollingIntervalSeconds: 0.5, maintenanceIntervalSeconds: 3600 });
    const bossB = new PgBoss({ db: executeSqlFor(b.db), schedule: false, supervise: false });
    await bossB.start();
    try {
      await bossB.work(KIND, { pollingIntervalSeconds: 0.5, batchSize: 1 }, ([job]) =>
        work("B")(job.id),
      );
      const ids: string[] = [];
      for (let i = 0; i < 12; i++) ids.push((await enqueue(db, KIND, { n: i }))!);
      await drainQueue(KIND, 30_000);
      expect(ran.map((r) => r.id).sort()).toEqual([...ids].sort());
      expect(new Set(ran.map((r) => r.on))).toEqual(new Set(["A", "B"]));
    } finally {
      await bossB.stop({ graceful: false, close: false, wait: true });
    }
  });
});
