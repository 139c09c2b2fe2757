import { Client } from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postgresHandle, schema, type DbHandle } from "@/db";
import { ROLE } from "@/lib/domain/permissions";
import { env } from "@/lib/env";
import { testDatabase } from "@/lib/testing/db";
import { createUser } from "@/lib/testing/fixtures";
import { publishRealtime } from "./index";
import { startHub, type RunningHub } from "./server";
import { SseReader } from "./sse-client.test-support";
import { realtimeStream } from "./stream";

/**
 * DESIGN.md §7 scale-out: two app instances on one PostgreSQL, each with its own pool and its
 * own listener connection. What one commits reaches an SSE client of the other. PostgreSQL only
 * (the CI pass with DATABASE_URL): PGlite is one process's database.
 */
describe.runIf(env.DATABASE_URL)("two app instances on one PostgreSQL", () => {
  let a: DbHandle;
  let b: DbHandle;
  let hubA: RunningHub;
  let hubB: RunningHub;
  let url: string;
  const aborts: AbortController[] = [];

  beforeAll(async () => {
    a = await testDatabase();
    if (a.notifications.kind !== "postgres") throw new Error("PostgreSQL expected");
    url = a.notifications.url;
    b = postgresHandle(url, 3);
    hubA = await startHub(a, "instance-a");
    hubB = await startHub(b, "instance-b");
  });
  afterAll(async () => {
    for (const c of aborts) c.abort();
    await hubA?.stop();
    await hubB?.stop();
    await b?.close();
    await a?.close();
  });

  function streamOnB(userId: number, after: number | null = null) {
    const abort = new AbortController();
    aborts.push(abort);
    const res = realtimeStream({ db: b.db, hub: hubB.hub, userId, after, signal: abort.signal });
    return new SseReader(res.body!.getReader());
  }

  async function sendThroughA(chatId: number, senderId: number, to: number[], body: string) {
    return a.db.transaction(async (tx) => {
      const [m] = await tx
        .insert(schema.chatMessages)
        .values({ chatId, senderId, body })
        .returning();
      await publishRealtime(tx, to, {
        type: "new-message",
        chat_id: chatId,
        message_id: m.id,
        sender_id: senderId,
        at: m.createdAt.toISOString(),
      });
      return m.id;
    });
  }

  it("a message sent through one reaches an SSE client of the other within a second", async () => {
    const pm = await createUser(a.db, { roles: [ROLE.projectManager] });
    const worker = await createUser(a.db, { roles: [ROLE.worker] });
    const [chat] = await a.db.insert(schema.chats).values({ type: "private" }).returning();
    await a.db.insert(schema.chatParticipants).values([
      { chatId: chat.id, userId: pm.id },
      { chatId: chat.id, userId: worker.id },
    ]);
    const sse = streamOnB(worker.id);
    const started = Date.now();
    const id = await sendThroughA(chat.id, pm.id, [pm.id, worker.id], "On site at 7?");
    const got = await sse.next(1_000);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(got).toMatchObject({ id: String(id), event: { type: "new-message", message_id: id } });
  });

  it("after its listener connection is killed, an instance reconnects and its streams catch up", async () => {
    const pm = await createUser(a.db, { roles: [ROLE.projectManager] });
    const worker = await createUser(a.db, { roles: [ROLE.worker] });
    const [chat] = await a.db.insert(schema.chats).values({ type: "private" }).returning();
    await a.db.insert(schema.chatParticipants).values([
      { chatId: chat.id, userId: pm.id },
      { chatId: chat.id, userId: worker.id },
    ]);
    const sse = streamOnB(worker.id);
    const first = await sendThroughA(chat.id, pm.id, [worker.id], "First");
    expect((await sse.next()).id).toBe(String(first));

    // B's LISTEN connection dies (a server restart, a network cut); a message is sent meanwhile.
    const resynced = new Promise<void>((resolve) => {
      const off = hubB.hub.onResync(() => {
        off();
        resolve();
      });
    });
    const admin = new Client({ connectionString: url });
    await admin.connect();
    await admin.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and query ilike 'LISTEN%' and pid <> pg_backend_pid()`,
    );
    const missed = await sendThroughA(chat.id, pm.id, [worker.id], "While you were away");
    await admin.end();
    await resynced;
    // A's listener was cut as well: both reconnect; B's stream sends what it missed, once.
    const got = await sse.next(5_000);
    expect(got).toMatchObject({ id: String(missed), event: { message_id: missed } });
    const live = await sendThroughA(chat.id, pm.id, [worker.id], "Back live");
    expect((await sse.next(5_000)).id).toBe(String(live));
  });
});
