import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { setDatabaseForTests, schema, type Db, type DbHandle } from "@/db";
import { ROLE } from "@/lib/domain/permissions";
import { LIVE_UNAVAILABLE, NO_ABLY } from "@/lib/services/realtime";
import { testDatabase } from "@/lib/testing/db";
import { apiUser } from "@/lib/testing/fixtures";
import { browserCookie } from "@/lib/testing/session-cookie";
import { callRoute } from "@/lib/testing/route-request";
import * as streamRoute from "@/app/api/v2/realtime/stream/route";
import * as tokenRoute from "@/app/api/v2/realtime/token/route";
import { setAblyForTests, type AblyRestLike } from "./ably";
import type { RealtimeEvent } from "./events";
import { publishRealtime } from "./index";
import { MAX_STREAMS_PER_USER } from "./hub";
import { realtimeHub, stopRealtimeHub } from "./server";
import { newMessage, openStream } from "./sse-client.test-support";
import { TOO_MANY_STREAMS } from "./stream";

/**
 * GET realtime/stream on the test database (PGlite by default, PostgreSQL with DATABASE_URL):
 * what publishRealtime commits reaches the recipient's stream, nothing else does, and a
 * reconnecting client catches up without duplicates.
 */
let handle: DbHandle;
let db: Db;
const opened: (() => void)[] = [];

beforeAll(async () => {
  handle = await testDatabase();
  db = handle.db;
  setDatabaseForTests(handle);
});
afterEach(() => {
  for (const close of opened.splice(0)) close();
});
afterAll(async () => {
  await stopRealtimeHub();
  await handle?.close();
});

async function stream(
  auth: { token?: string; cookie?: string },
  opts?: { lastEventId?: string; after?: string },
) {
  const s = await openStream(streamRoute.GET, auth, opts);
  opened.push(s.close);
  return s;
}

/** Commits (or rolls back) a transaction that publishes `event` to `users`. */
async function publish(users: number[], event: RealtimeEvent, rollback = false) {
  await db
    .transaction(async (tx) => {
      await publishRealtime(tx, users, event);
      if (rollback) throw new Error("rolled back");
    })
    .catch((err: Error) => {
      if (err.message !== "rolled back") throw err;
    });
}

/** A chat of these users with messages from the first; answers the message ids, oldest first. */
async function chatWith(
  users: number[],
  messages: number,
): Promise<{ chatId: number; ids: number[] }> {
  const [chat] = await db.insert(schema.chats).values({ type: "private" }).returning();
  await db
    .insert(schema.chatParticipants)
    .values(users.map((userId) => ({ chatId: chat.id, userId })));
  const ids: number[] = [];
  for (let i = 0; i < messages; i++) {
    const [m] = await db
      .insert(schema.chatMessages)
      .values({ chatId: chat.id, senderId: users[0], body: `Message ${i + 1}` })
      .returning({ id: schema.chatMessages.id });
    ids.push(m.id);
  }
  return { chatId: chat.id, ids };
}

describe("GET realtime/stream", () => {
  it("answers 401 without a session or token, and with a bad token", async () => {
    const none = await callRoute(streamRoute.GET, "realtime/stream");
    expect(none.status).toBe(401);
    expect(none.body).toMatchObject({ type: "unauthenticated" });
    const bad = await callRoute(streamRoute.GET, "realtime/stream", { token: "nope" });
    expect(bad.status).toBe(401);
    expect(bad.body).toMatchObject({ type: "invalid_token" });
  });

  it("streams a committed event to its recipient; not a rolled-back one, not another user's", async () => {
    const me = await apiUser(db, ROLE.worker);
    const other = await apiUser(db, ROLE.worker);
    const s = await stream({ token: me.token });
    expect(s.response.status).toBe(200);
    expect(s.response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(s.response.headers.get("cache-control")).toBe("no-cache, no-transform");

    await publish([me.id], newMessage(1, 900_001, other.id), true);
    await publish([other.id], newMessage(1, 900_002, other.id));
    await publish([me.id, other.id], { type: "read", chat_id: 1, message_id: 900_002 });
    await publish([me.id], newMessage(1, 900_003, other.id));

    // In commit order, and only mine: the rolled-back and the other user's never arrive.
    expect(await s.sse.next()).toEqual({
      id: null,
      event: { type: "read", chat_id: 1, message_id: 900_002 },
    });
    const live = await s.sse.next();
    expect(live.id).toBe("900003");
    expect(live.event).toMatchObject({ type: "new-message", message_id: 900_003 });
  });

  it("works with the browser's session cookie", async () => {
    const me = await apiUser(db, ROLE.projectManager);
    const { cookie } = await browserCookie(db, me.id);
    const s = await stream({ cookie });
    expect(s.response.status).toBe(200);
    await publish([me.id], newMessage(2, 900_010, me.id));
    expect((await s.sse.next()).id).toBe("900010");
  });

  it("catches up after Last-Event-ID from the user's own chats, then goes live without repeats", async () => {
    const me = await apiUser(db, ROLE.worker);
    const pm = await apiUser(db, ROLE.projectManager);
    const stranger = await apiUser(db, ROLE.worker);
    const mine = await chatWith([pm.id, me.id], 3);
    const foreign = await chatWith([pm.id, stranger.id], 1);
    const s = await stream({ token: me.token }, { lastEventId: String(mine.ids[0]) });
    const first = await s.sse.next();
    const second = await s.sse.next();
    expect([first.id, second.id]).toEqual([String(mine.ids[1]), String(mine.ids[2])]);
    expect(second.event).toMatchObject({
      type: "new-message",
      chat_id: mine.chatId,
      message_id: mine.ids[2],
      sender_id: pm.id,
    });
    // The live copy of a message already sent is skipped; the foreign chat's never came.
    await publish([me.id], newMessage(mine.chatId, mine.ids[2], pm.id));
    const next = await chatWith([pm.id, me.id], 1);
    await publish([me.id], newMessage(next.chatId, next.ids[0], pm.id));
    const live = await s.sse.next();
    expect(live.id).toBe(String(next.ids[0]));
    expect(foreign.ids[0]).toBeLessThan(next.ids[0]);
  });

  it("takes ?after= too, and a junk value means no catch-up", async () => {
    const me = await apiUser(db, ROLE.worker);
    const pm = await apiUser(db, ROLE.projectManager);
    const chat = await chatWith([pm.id, me.id], 2);
    const s = await stream({ token: me.token }, { after: String(chat.ids[0]) });
    expect((await s.sse.next()).id).toBe(String(chat.ids[1]));
    const junk = await stream({ token: me.token }, { after: "abc" });
    await publish([me.id], newMessage(chat.chatId, 900_020, pm.id));
    expect((await junk.sse.next()).id).toBe("900020");
  });

  it(`refuses a user's stream past ${MAX_STREAMS_PER_USER} with 429; closing one frees its place`, async () => {
    const me = await apiUser(db, ROLE.worker);
    const streams = [];
    for (let i = 0; i < MAX_STREAMS_PER_USER; i++) streams.push(await stream({ token: me.token }));
    const hub = await realtimeHub();
    expect(hub.streamCount(me.id)).toBe(MAX_STREAMS_PER_USER);
    const refused = await callRoute(streamRoute.GET, "realtime/stream", { token: me.token });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ message: TOO_MANY_STREAMS, type: "too_many_requests" });
    expect(hub.streamCount(me.id)).toBe(MAX_STREAMS_PER_USER);
    streams[0].close();
    await expect.poll(() => hub.streamCount(me.id)).toBe(MAX_STREAMS_PER_USER - 1);
    const again = await stream({ token: me.token });
    expect(again.response.status).toBe(200);
  });

  it("answers 503 (not 500) while the instance cannot listen, and listens once it can", async () => {
    const me = await apiUser(db, ROLE.worker);
    await stopRealtimeHub();
    // The database answers queries, but a LISTEN connection cannot be opened (port 1).
    setDatabaseForTests({
      ...handle,
      notifications: { kind: "postgres", url: "postgres://nobody@127.0.0.1:1/none" },
    });
    const log = console.error;
    console.error = () => {};
    try {
      const res = await callRoute(streamRoute.GET, "realtime/stream", { token: me.token });
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ message: LIVE_UNAVAILABLE, type: "realtime_unavailable" });
    } finally {
      console.error = log;
      setDatabaseForTests(handle);
    }
    const s = await stream({ token: me.token });
    expect(s.response.status).toBe(200);
  });
});

describe("GET realtime/token", () => {
  afterEach(async () => {
    setAblyForTests(null);
    await stopRealtimeHub();
  });

  it("answers 404 without Ably, 401 signed out", async () => {
    const me = await apiUser(db, ROLE.worker);
    const res = await callRoute(tokenRoute.GET, "realtime/token", { token: me.token });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ message: NO_ABLY, type: "not_found" });
    expect((await callRoute(tokenRoute.GET, "realtime/token")).status).toBe(401);
  });

  it("signs a token request for the caller's own channel only, subscribe only", async () => {
    const { Rest } = await import("ably");
    const key = "appid.keyid:secretsecret";
    setAblyForTests({ key, rest: new Rest({ key }) as unknown as AblyRestLike });
    const me = await apiUser(db, ROLE.worker);
    const res = await callRoute(tokenRoute.GET, "realtime/token", { token: me.token });
    expect(res.status).toBe(200);
    const body = res.body as { keyName: string; clientId: string; capability: string; mac: string };
    expect(body.keyName).toBe("appid.keyid");
    expect(body.clientId).toBe(String(me.id));
    expect(JSON.parse(body.capability)).toEqual({ [`private:user-${me.id}`]: ["subscribe"] });
    expect(body.mac).toEqual(expect.any(String));
    expect(JSON.stringify(body)).not.toContain("secretsecret");
  });

  it("publishes each committed event to Ably once, from the instance that sent it", async () => {
    const published: [string, string, unknown][] = [];
    const fake: AblyRestLike = {
      channels: {
        get: (channel) => ({
          publish: async (name, data) => void published.push([channel, name, data]),
        }),
      },
      auth: { createTokenRequest: async () => ({}) },
    };
    setAblyForTests({ key: "appid.keyid:secret", rest: fake });
    const me = await apiUser(db, ROLE.worker);
    const other = await apiUser(db, ROLE.worker);
    await realtimeHub(); // started at boot by instrumentation.ts when Ably is on
    await publish([me.id], newMessage(3, 900_030, other.id), true);
    await publish([me.id, other.id], newMessage(3, 900_031, other.id));
    // A later event arrives after everything before it: nothing else was published meanwhile.
    await publish([me.id], { type: "read", chat_id: 3, message_id: 900_031 });
    await expect.poll(() => published.length).toBeGreaterThanOrEqual(3);
    expect(published).toEqual([
      [`private:user-${me.id}`, "new-message", expect.objectContaining({ message_id: 900_031 })],
      [`private:user-${other.id}`, "new-message", expect.objectContaining({ message_id: 900_031 })],
      [`private:user-${me.id}`, "read", { type: "read", chat_id: 3, message_id: 900_031 }],
    ]);
  });
});
