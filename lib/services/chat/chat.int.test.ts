import type { PGlite } from "@electric-sql/pglite";
import type { Pool } from "pg";
import { describe, expect, it, vi } from "vitest";
import { and, eq } from "drizzle-orm";
import { schema, type Db, type DbHandle } from "@/db";
import { ROLE, type RoleTitle } from "@/lib/domain/permissions";
import { appErrorOf } from "@/lib/testing/app-error";
import { bookingSuite } from "@/lib/testing/booking-fixtures";
import { countingDb } from "@/lib/testing/counting-db";
import { createUser, ctxFor } from "@/lib/testing/fixtures";
import { ensureRole, giveRole, type JobWorld } from "@/lib/testing/jobs-fixtures";
import { rowCounts } from "@/lib/testing/row-counts";
import { REALTIME_CHANNEL } from "@/lib/realtime";
import { makeCtx } from "../context";
import {
  CHAT_MESSAGES,
  CHAT_NOT_FOUND,
  NO_LIVE_CHAT,
  NOT_IN_CHAT,
  chatMessages,
  chatMessagesAfter,
  listChats,
  markChatRead,
  searchChatUsers,
  sendChatMessage,
  unreadCount,
} from ".";

let handle: DbHandle;
let db: Db;
let w: JobWorld;
const NOW = new Date("2026-12-07T11:00:00Z");
bookingSuite(NOW, (s) => ({ handle, db, w } = s));

const ctx = (userId: number, now = NOW) => ctxFor(db, userId, { now });
const send = async (from: number, input: Record<string, unknown>, now = NOW) =>
  (await sendChatMessage(await ctx(from, now), input)).data;
const person = (name: string, roles: RoleTitle[] = [ROLE.worker]) =>
  createUser(db, { roles, name }).then((u) => u.id);
let seq = 0;
/** A project manager of the test's own: the send rate limit counts per sender. */
const planner = () => person(`Planner ${++seq}`, [ROLE.projectManager]);

interface Heard {
  users: number[];
  event: Record<string, unknown>;
}

/** Listens on the realtime NOTIFY channel as an app instance does (PGlite or PostgreSQL). */
async function listen(): Promise<{ events: Heard[]; stop: () => Promise<void> }> {
  const events: Heard[] = [];
  const client = (handle.db as unknown as { $client: unknown }).$client;
  // The instance that published (`origin`) is the realtime port's business, not the chat's.
  const take = (payload: string | undefined) => {
    const { users, event } = JSON.parse(payload ?? "null") as Heard;
    events.push({ users, event });
  };
  if (handle.kind === "pglite") {
    const stop = await (client as PGlite).listen(REALTIME_CHANNEL, take);
    return { events, stop: () => stop() };
  }
  const conn = await (client as Pool).connect();
  conn.on("notification", (n) => take(n.payload));
  await conn.query(`listen ${REALTIME_CHANNEL}`);
  return {
    events,
    stop: async () => {
      await conn.query("unlisten *");
      conn.release();
    },
  };
}

describe("private conversations", () => {
  it("starts one conversation per pair, counts unread per user and marks read", async () => {
    const pm = await person("Pia Planner", [ROLE.projectManager]);
    const wk = await person("Wim Worker");
    const first = await send(pm, { body: "  Can you do Friday?  ", target_user: wk });
    expect(first).toMatchObject({ body: "Can you do Friday?", mine: true, sender: { id: pm } });
    const second = await send(pm, { body: "From 8.", target_user: wk }, new Date(+NOW + 1000));
    expect(second.chat_id).toBe(first.chat_id);

    expect(await unreadCount(await ctx(wk))).toEqual({ count: 2 });
    expect(await unreadCount(await ctx(pm))).toEqual({ count: 0 });
    const list = await listChats(await ctx(wk), {});
    expect(list.meta).toEqual({ current_page: 1, last_page: 1, per_page: 20, total: 1 });
    expect(list.items[0]).toMatchObject({
      id: first.chat_id,
      type: "private",
      title: "Pia Planner",
      other_user: { id: pm, name: "Pia Planner", role: ROLE.projectManager, active: true },
      job: null,
      unread_messages: 2,
      last_message: { id: second.id, body: "From 8.", sender: { id: pm, name: "Pia Planner" } },
      last_message_at: new Date(+NOW + 1000).toISOString(),
    });
    // Reading up to the first message leaves one; reading all leaves none; never backwards.
    expect(await markChatRead(await ctx(wk), first.chat_id, { message_id: first.id })).toEqual({
      unread_messages: 1,
      count: 1,
    });
    expect(await markChatRead(await ctx(wk), first.chat_id, {})).toEqual({
      unread_messages: 0,
      count: 0,
    });
    expect(await markChatRead(await ctx(wk), first.chat_id, { message_id: first.id })).toEqual({
      unread_messages: 0,
      count: 0,
    });
    // The worker answers: the PM has one unread; the sender's own message counts as read.
    await send(wk, { body: "Yes <b>sure</b>", chat_id: first.chat_id }, new Date(+NOW + 2000));
    expect(await unreadCount(await ctx(pm))).toEqual({ count: 1 });
    expect(await unreadCount(await ctx(wk))).toEqual({ count: 0 });
    const [pmList] = (await listChats(await ctx(pm), {})).items;
    expect(pmList).toMatchObject({ title: "Wim Worker", unread_messages: 1 });
    expect(pmList.last_message?.body).toBe("Yes <b>sure</b>");
  });

  it("makes one conversation when both people start it at the same moment", async () => {
    const pm = await person("Race PM", [ROLE.projectManager]);
    const wk = await person("Race Worker");
    const [a, b] = await Promise.all([
      send(pm, { body: "Hi", target_user: wk }),
      send(wk, { body: "Hello", target_user: pm }),
    ]);
    expect(a.chat_id).toBe(b.chat_id);
    const chats = await db
      .select()
      .from(schema.chatParticipants)
      .where(eq(schema.chatParticipants.chatId, a.chat_id));
    expect(chats.map((c) => c.userId).sort()).toEqual([pm, wk].sort());
  });

  it("lets a worker and a client contact talk only to the office; the office to anyone", async () => {
    const wk = await person("Solo Worker");
    const other = await person("Other Worker");
    const err = await appErrorOf(send(wk, { body: "Hi", target_user: other }));
    expect([err.status, err.message]).toEqual([404, CHAT_MESSAGES.userNotFound]);
    const colErr = await appErrorOf(send(w.colA, { body: "Hi", target_user: other }));
    expect(colErr.status).toBe(404);
    const colToClient = await appErrorOf(send(w.colA, { body: "Hi", target_user: w.colB }));
    expect(colToClient.status).toBe(404);
    await expect(send(w.colA, { body: "Hi", target_user: w.crewHandler })).resolves.toBeTruthy();
    await expect(send(w.crewHandler, { body: "Hi", target_user: other })).resolves.toBeTruthy();
    await expect(send(w.admin, { body: "Hi", target_user: w.colB })).resolves.toBeTruthy();
    const self = await appErrorOf(send(w.pm, { body: "Hi", target_user: w.pm }));
    expect([self.status, self.message]).toEqual([422, CHAT_MESSAGES.self]);
  });

  it("finds only people the caller may talk to, never itself", async () => {
    const wk = await person("Searchy Worker");
    const fromWorker = await searchChatUsers(await ctx(wk), { userName: "" });
    expect(fromWorker.some((p) => p.id === w.pm)).toBe(true);
    expect(fromWorker.some((p) => p.id === wk || p.id === w.worker || p.id === w.colA)).toBe(false);
    const fromPm = await searchChatUsers(await ctx(w.pm), { userName: "searchy" });
    expect(fromPm).toEqual([{ id: wk, name: "Searchy Worker", role: ROLE.worker, active: true }]);
    expect(await searchChatUsers(await ctx(w.pm), { userName: "100%_x" })).toEqual([]);
  });

  it("refuses a deactivated person (422) and keeps its messages", async () => {
    const wk = await person("Leaving Worker");
    const m = await send(w.pm, { body: "Bye?", target_user: wk });
    await db.update(schema.users).set({ status: "deactivated" }).where(eq(schema.users.id, wk));
    const before = await rowCounts(db);
    const viaChat = await appErrorOf(send(w.pm, { body: "Still there?", chat_id: m.chat_id }));
    expect([viaChat.status, viaChat.message]).toEqual([
      422,
      "Leaving Worker can no longer receive messages.",
    ]);
    const viaUser = await appErrorOf(send(w.crewHandler, { body: "Hi", target_user: wk }));
    expect([viaUser.status, viaUser.message]).toEqual([
      422,
      "Leaving Worker can no longer receive messages.",
    ]);
    expect(await rowCounts(db)).toEqual(before);
    const page = await chatMessages(await ctx(w.pm), m.chat_id, {});
    expect(page.items.map((i) => i.body)).toEqual(["Bye?"]);
    expect(page.chat.other_user).toMatchObject({ id: wk, active: false });
  });
});

describe("refusals write nothing", () => {
  it("checks the body and the addressee with clear 422s", async () => {
    const wk = await person("Body Worker");
    const before = await rowCounts(db);
    const cases: [Record<string, unknown>, string][] = [
      [{ body: "   ", target_user: wk }, CHAT_MESSAGES.bodyRequired],
      [{ target_user: wk }, CHAT_MESSAGES.bodyRequired],
      [{ body: 5, target_user: wk }, CHAT_MESSAGES.bodyRequired],
      [{ body: "x".repeat(2001), target_user: wk }, CHAT_MESSAGES.bodyTooLong],
      [{ body: "Hi" }, CHAT_MESSAGES.noTarget],
      [{ body: "Hi", chat_id: 1, target_user: wk }, CHAT_MESSAGES.bothTargets],
    ];
    for (const [input, message] of cases) {
      const err = await appErrorOf(sendChatMessage(await ctx(w.pm), input));
      expect([err.status, err.message]).toEqual([422, message]);
    }
    expect(CHAT_MESSAGES.bodyTooLong).toBe("A message may be at most 2,000 characters.");
    expect(await rowCounts(db)).toEqual(before);
    // 2000 characters (emoji count as one) go through.
    const long = await send(w.pm, { body: "🎉".repeat(2000), target_user: wk });
    expect([...long.body]).toHaveLength(2000);
  });

  it("answers 404 for a conversation the caller is not part of, on every call", async () => {
    const a = await person("Private A");
    const m = await send(w.pm, { body: "Between us", target_user: a });
    const outsider = await person("Outsider");
    const c = await ctx(outsider);
    const before = await rowCounts(db);
    for (const call of [
      chatMessages(c, m.chat_id, {}),
      chatMessagesAfter(c, m.chat_id, { after: 0 }),
      markChatRead(c, m.chat_id, {}),
      sendChatMessage(c, { body: "Let me in", chat_id: m.chat_id }),
      chatMessages(c, "abc", {}),
      chatMessages(c, 99999999999, {}),
    ]) {
      const err = await appErrorOf(call);
      expect([err.status, err.message]).toEqual([404, CHAT_NOT_FOUND]);
    }
    // Another office user is not part of it either.
    const err = await appErrorOf(chatMessages(await ctx(w.crewHandler), m.chat_id, {}));
    expect(err.status).toBe(404);
    expect(await rowCounts(db)).toEqual(before);
  });

  it("refuses everything without has_live_chat (403), and 401 without a user", async () => {
    const role = await ensureRole(db, "Office without chat (test)", [
      "dashboard_access",
      "job_view",
    ]);
    const { id } = await createUser(db, { name: "No Chat" });
    await giveRole(db, id, role);
    const c = await ctx(id);
    for (const call of [
      listChats(c, {}),
      unreadCount(c),
      searchChatUsers(c, {}),
      sendChatMessage(c, { body: "Hi", target_user: w.pm }),
      chatMessages(c, 1, {}),
    ]) {
      const err = await appErrorOf(call);
      expect([err.status, err.message]).toEqual([403, NO_LIVE_CHAT]);
    }
    // Nobody can write to them either.
    const err = await appErrorOf(send(w.pm, { body: "Hi", target_user: id }));
    expect([err.status, err.message]).toEqual([422, "No Chat does not use the live chat."]);
    expect((await appErrorOf(unreadCount(makeCtx(db, null)))).status).toBe(401);
  });

  it("rate-limits a sender to 30 messages a minute (429), across conversations", async () => {
    const sender = await person("Chatty PM", [ROLE.projectManager]);
    const wk = await person("Quiet Worker");
    const m = await send(sender, { body: "1", target_user: wk });
    await db.insert(schema.chatMessages).values(
      Array.from({ length: 29 }, (_, i) => ({
        chatId: m.chat_id,
        senderId: sender,
        body: `x${i}`,
        createdAt: new Date(+NOW - 30_000),
      })),
    );
    const before = await rowCounts(db);
    const err = await appErrorOf(send(sender, { body: "31", target_user: w.crewHandler }));
    expect([err.status, err.message]).toEqual([429, CHAT_MESSAGES.tooMany]);
    expect(await rowCounts(db)).toEqual(before);
    // A minute later it may send again.
    await expect(
      send(sender, { body: "later", chat_id: m.chat_id }, new Date(+NOW + 61_000)),
    ).resolves.toBeTruthy();
  });
});

describe("messages", () => {
  it("pages backwards, oldest first on a page, catches up after an id, and never marks read", async () => {
    const pm = await planner();
    const wk = await person("Pager Worker");
    const first = await send(pm, { body: "m0", target_user: wk });
    await db.insert(schema.chatMessages).values(
      Array.from({ length: 34 }, (_, i) => ({
        chatId: first.chat_id,
        senderId: pm,
        body: `m${i + 1}`,
        createdAt: new Date(+NOW + (i + 1) * 1000),
      })),
    );
    const c = await ctx(wk);
    const p1 = await chatMessages(c, first.chat_id, {});
    expect(p1.meta).toEqual({ current_page: 1, last_page: 2, per_page: 30, total: 35 });
    expect(p1.items.map((m) => m.body)).toEqual(Array.from({ length: 30 }, (_, i) => `m${i + 5}`));
    expect(p1.items[0]).toMatchObject({
      mine: false,
      sender: { id: pm, name: expect.stringMatching(/^Planner /) },
    });
    const p2 = await chatMessages(c, first.chat_id, { page: "2" });
    expect(p2.items.map((m) => m.body)).toEqual(["m0", "m1", "m2", "m3", "m4"]);
    const after = await chatMessagesAfter(c, first.chat_id, { after: String(p1.items[27].id) });
    expect(after.map((m) => m.body)).toEqual(["m33", "m34"]);
    expect(p1.chat.unread_messages).toBe(35);
    expect(await unreadCount(c)).toEqual({ count: 35 });
    const bad = await appErrorOf(chatMessagesAfter(c, first.chat_id, { after: "x" }));
    expect(bad.status).toBe(422);
    const badPage = await appErrorOf(chatMessages(c, first.chat_id, { page: "-1" }));
    expect(badPage.status).toBe(422);
  });

  it("refuses to mark read up to a message of another conversation (422)", async () => {
    const pm = await planner();
    const a = await person("Mark A");
    const b = await person("Mark B");
    const ma = await send(pm, { body: "to a", target_user: a });
    const mb = await send(pm, { body: "to b", target_user: b });
    const err = await appErrorOf(markChatRead(await ctx(a), ma.chat_id, { message_id: mb.id }));
    expect([err.status, err.message]).toEqual([422, NOT_IN_CHAT]);
    const [row] = await db
      .select()
      .from(schema.chatParticipants)
      .where(
        and(eq(schema.chatParticipants.chatId, ma.chat_id), eq(schema.chatParticipants.userId, a)),
      );
    expect(row.lastReadMessageId).toBeNull();
  });

  it("announces a message to every participant and a read to the reader alone, on commit only", async () => {
    const pm = await planner();
    const wk = await person("Notified Worker");
    const heard = await listen();
    try {
      const m = await send(pm, { body: "ping", target_user: wk });
      await vi.waitFor(() => expect(heard.events).toHaveLength(1));
      const [sent] = heard.events;
      expect(sent.users.sort()).toEqual([pm, wk].sort());
      expect(sent.event).toEqual({
        type: "new-message",
        chat_id: m.chat_id,
        message_id: m.id,
        sender_id: pm,
        at: NOW.toISOString(),
      });
      await markChatRead(await ctx(wk), m.chat_id, {});
      await vi.waitFor(() => expect(heard.events).toHaveLength(2));
      expect(heard.events[1]).toEqual({
        users: [wk],
        event: { type: "read", chat_id: m.chat_id, message_id: m.id },
      });
      // A refused message announces nothing (the NOTIFY rolls back with it).
      await appErrorOf(send(pm, { body: "x".repeat(2001), chat_id: m.chat_id }));
      await appErrorOf(send(wk, { body: "hi", chat_id: m.chat_id + 100_000 }));
      await send(wk, { body: "pong", chat_id: m.chat_id });
      await vi.waitFor(() => expect(heard.events).toHaveLength(3));
      expect(heard.events[2].event).toMatchObject({ type: "new-message", sender_id: wk });
    } finally {
      await heard.stop();
    }
  });
});

describe("GET user/chats", () => {
  it("orders by the last message, and its query count stays flat however many chats", async () => {
    const pm = await planner();
    const wk = await person("Busy Worker");
    const counting = countingDb(handle);
    const actor = (await ctx(wk)).actor;
    const list = () => listChats(makeCtx(counting.db, actor, { now: NOW }), {});
    await send(pm, { body: "one", target_user: wk }, new Date(+NOW + 1000));
    counting.reset();
    await list();
    const one = counting.statements();
    await send(w.crewHandler, { body: "two", target_user: wk }, new Date(+NOW + 3000));
    await send(w.admin, { body: "three", target_user: wk }, new Date(+NOW + 2000));
    counting.reset();
    const page = await list();
    expect(counting.statements()).toBe(one);
    expect(page.items.map((c) => c.last_message?.body)).toEqual(["two", "three", "one"]);
  });
});
