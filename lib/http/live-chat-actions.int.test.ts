import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { setDatabaseForTests, type Db, type DbHandle } from "@/db";
import { ROLE } from "@/lib/domain/permissions";
import type { Ctx, UserActor } from "@/lib/services/context";
import { testDatabase } from "@/lib/testing/db";
import { createUser, ctxFor } from "@/lib/testing/fixtures";
import { rowCounts } from "@/lib/testing/row-counts";

/*
 * The live chat screen's server actions and the menu badge's count, as the screen uses them:
 * the PM writes to a worker, the worker's count rises, opening the conversation reads it and
 * answers the new total, a live event's catch-up brings each message once; a stranger gets 404.
 */

let ctx: Ctx;
vi.mock("@/lib/auth/session", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/auth/session")>()),
  requestCtx: async () => ctx,
}));

let handle: DbHandle;
let db: Db;
let pm: Ctx;
let worker: Ctx;
let stranger: Ctx;
let noChat: Ctx;

beforeAll(async () => {
  handle = await testDatabase();
  db = handle.db;
  setDatabaseForTests(handle);
  const users = await Promise.all([
    createUser(db, { roles: [ROLE.projectManager], name: "Pia Manager" }),
    createUser(db, { roles: [ROLE.worker], name: "Wendy Worker" }),
    createUser(db, { roles: [ROLE.worker], name: "Sam Stranger" }),
    createUser(db, { roles: [] }),
  ]);
  [pm, worker, stranger, noChat] = await Promise.all(users.map((u) => ctxFor(db, u.id)));
});
afterAll(async () => {
  await handle?.close();
});

const as = (who: Ctx) => {
  ctx = who;
};
const userId = (c: Ctx) => (c.actor as UserActor).userId;

describe("live chat screen actions", () => {
  it("raise the worker's count on a message, and reading the conversation clears it", async () => {
    const { sendMessage, unreadTotal, loadChats, readChat, loadMessagesAfter, loadMessages } =
      await import("@/app/(app)/live-chat/actions");
    const { liveChatUnread } = await import("@/app/(app)/menu-badges");

    as(worker);
    expect(await unreadTotal()).toEqual({ ok: true, data: { count: 0 } });
    expect(await liveChatUnread(worker.actor as UserActor)).toBe(0);

    as(pm);
    const sent = await sendMessage({ body: "Can you do Saturday?", target_user: userId(worker) });
    if (!sent.ok) throw new Error(sent.message);
    const chatId = sent.data.data.chat_id;
    expect(sent.data.data).toMatchObject({ body: "Can you do Saturday?", mine: true });

    as(worker);
    expect(await unreadTotal()).toEqual({ ok: true, data: { count: 1 } });
    const list = await loadChats(1);
    if (!list.ok) throw new Error(list.message);
    expect(list.data.items).toEqual([
      expect.objectContaining({ id: chatId, title: "Pia Manager", unread_messages: 1 }),
    ]);
    // The live event's catch-up: after the last shown message, each message once.
    const after = await loadMessagesAfter(chatId, 0);
    if (!after.ok) throw new Error(after.message);
    expect(after.data.map((m) => [m.body, m.mine])).toEqual([["Can you do Saturday?", false]]);
    expect(await loadMessagesAfter(chatId, after.data[0].id)).toEqual({ ok: true, data: [] });

    const read = await readChat(chatId, after.data[0].id);
    expect(read).toEqual({ ok: true, data: { unread_messages: 0, count: 0 } });
    expect(await unreadTotal()).toEqual({ ok: true, data: { count: 0 } });

    const page = await loadMessages(chatId, 1);
    if (!page.ok) throw new Error(page.message);
    expect(page.data.chat.unread_messages).toBe(0);
  });

  it("answer 404 to someone outside the conversation and change nothing", async () => {
    const { sendMessage, loadMessages, readChat } = await import("@/app/(app)/live-chat/actions");
    as(pm);
    const sent = await sendMessage({ body: "Private", target_user: userId(worker) });
    if (!sent.ok) throw new Error(sent.message);
    const chatId = sent.data.data.chat_id;

    as(stranger);
    const before = await rowCounts(db);
    for (const r of [
      await loadMessages(chatId, 1),
      await readChat(chatId, null),
      await sendMessage({ body: "Hello?", chat_id: chatId }),
    ])
      expect(r).toMatchObject({ ok: false, status: 404 });
    expect(await rowCounts(db)).toEqual(before);
  });

  it("draw no badge for a user without the live chat, and refuse its calls", async () => {
    const { unreadTotal } = await import("@/app/(app)/live-chat/actions");
    const { liveChatUnread } = await import("@/app/(app)/menu-badges");
    expect(await liveChatUnread(noChat.actor as UserActor)).toBeNull();
    as(noChat);
    const r = await unreadTotal();
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.status).toBe(403);
  });
});
