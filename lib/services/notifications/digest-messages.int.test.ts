import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { schema, setDatabaseForTests, type Db, type DbHandle } from "@/db";
import { ROLE } from "@/lib/domain/permissions";
import { issueApiToken } from "@/lib/services/auth/tokens";
import { testDatabase } from "@/lib/testing/db";
import { countingDb } from "@/lib/testing/counting-db";
import { createCountryAndCompany, createUser, ctxFor } from "@/lib/testing/fixtures";
import { callRoute } from "@/lib/testing/route-request";
import { appErrorOf } from "@/lib/testing/app-error";
import * as messagesRoute from "@/app/api/v2/users/[id]/messages/route";
import * as unsubscribeRoute from "@/app/api/v2/unsubscribe/route";
import { makeCtx, systemActor, withTx } from "../context";
import { senderList, sweepChatDigests } from "./chat-digest";
import { listUserMessages } from "./messages";
import { notifyUser } from "./notify";
import { unsubscribeToken } from "./token";

let handle: DbHandle;
let db: Db;
let admin: number;
let pm: number;
let worker: number;
let colleague: number;
let anna: number;
let bo: number;
let client: number;
const NOW = new Date("2026-12-07T11:00:00Z");
const minutes = (n: number) => new Date(NOW.getTime() + n * 60_000);

beforeAll(async () => {
  handle = await testDatabase();
  setDatabaseForTests(handle);
  db = handle.db;
  const { company } = await createCountryAndCompany(db);
  admin = (await createUser(db, { roles: [ROLE.admin] })).id;
  pm = (await createUser(db, { roles: [ROLE.projectManager] })).id;
  worker = (await createUser(db, { roles: [ROLE.worker], name: "Walt Worker" })).id;
  colleague = (await createUser(db, { roles: [ROLE.worker], name: "Cleo Colleague" })).id;
  anna = (await createUser(db, { roles: [ROLE.projectManager], name: "Anna Planner" })).id;
  bo = (await createUser(db, { roles: [ROLE.crewHandler], name: "Bo Handler" })).id;
  client = (await createUser(db, { roles: [ROLE.client], companyId: company.id })).id;
});
afterAll(async () => {
  await handle?.close();
});
beforeEach(async () => {
  await db.delete(schema.mailOutbox);
  await db.delete(schema.chats);
  await db.delete(schema.chatDigestMarks);
});

async function chatWith(members: number[]) {
  const [chat] = await db.insert(schema.chats).values({ type: "private" }).returning();
  await db
    .insert(schema.chatParticipants)
    .values(members.map((userId) => ({ chatId: chat.id, userId })));
  return chat.id;
}
async function say(chatId: number, senderId: number, body: string, at: Date) {
  const [m] = await db
    .insert(schema.chatMessages)
    .values({ chatId, senderId, body, createdAt: at })
    .returning();
  return m.id;
}
const sweep = (at: Date) =>
  withTx(makeCtx(db, systemActor("test"), { now: at }), (ctx) => sweepChatDigests(ctx));
const digestsOf = (userId: number) =>
  db
    .select()
    .from(schema.mailOutbox)
    .where(eq(schema.mailOutbox.userId, userId))
    .orderBy(schema.mailOutbox.id);

describe("senderList", () => {
  it("names up to three, then counts the others", () => {
    expect(senderList(["A"])).toBe("A");
    expect(senderList(["A", "B"])).toBe("A and B");
    expect(senderList(["A", "B", "C"])).toBe("A, B and C");
    expect(senderList(["A", "B", "C", "D", "E"])).toBe("A, B, C and 2 others");
  });
});

describe("chat digest", () => {
  it("one mail per user for messages unread 15 minutes, never their text; each message in one digest only", async () => {
    const c1 = await chatWith([worker, anna]);
    const c2 = await chatWith([worker, bo]);
    await say(c1, anna, "Secret plan for Friday", minutes(-30));
    await say(c2, bo, "Private: call me", minutes(-20));
    await say(c2, worker, "My own message", minutes(-20));
    await say(c1, anna, "Too fresh", minutes(-5));
    // The worker and Bo (the worker's own message is unread for Bo).
    expect(await sweep(NOW)).toBe(2);
    expect(await sweep(NOW)).toBe(0);
    let mails = await digestsOf(worker);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      template: "chat_digest",
      category: "chat_digest",
      subject: "You have 2 unread messages from Anna Planner and Bo Handler",
    });
    expect(mails[0].text).toMatch(/Open the live chat: http.*\/live-chat/);
    for (const body of [mails[0].text, mails[0].html ?? ""])
      expect(body).not.toMatch(/Secret|Private|own message|fresh/);
    expect((await digestsOf(bo)).map((m) => m.subject)).toEqual([
      "You have 1 unread message from Walt Worker",
    ]);

    // Later, the fresh one has waited long enough: a new digest with it alone.
    expect(await sweep(minutes(11))).toBe(1);
    mails = await digestsOf(worker);
    expect(mails.map((m) => m.subject)).toEqual([
      "You have 2 unread messages from Anna Planner and Bo Handler",
      "You have 1 unread message from Anna Planner",
    ]);
  });

  it("nothing for messages already read, nor for a user who turned digests off", async () => {
    const c = await chatWith([worker, colleague, anna]);
    const id = await say(c, anna, "Hello", minutes(-30));
    await db
      .update(schema.chatParticipants)
      .set({ lastReadMessageId: id })
      .where(eq(schema.chatParticipants.userId, worker));
    await db
      .update(schema.users)
      .set({ notificationPrefs: { chat_digest: false } })
      .where(eq(schema.users.id, colleague));
    expect(await sweep(NOW)).toBe(0);
    expect(await digestsOf(worker)).toHaveLength(0);
    expect(await digestsOf(colleague)).toHaveLength(0);
    await db
      .update(schema.users)
      .set({ notificationPrefs: {} })
      .where(eq(schema.users.id, colleague));
  });
});

describe("Messages on the profile (GET users/{id}/messages)", () => {
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    for (const [key, id] of Object.entries({ admin, pm, worker, client }))
      tokens[key] = (await issueApiToken(db, id, new Date())).access_token;
  });

  async function sendSome(n: number) {
    for (let i = 0; i < n; i++)
      await db.transaction((tx) =>
        notifyUser(
          tx,
          {
            userId: worker,
            category: "booking_changes",
            key: `list:${i}:${Math.random()}`,
            template: "shift_booked",
            subject: `Booked ${i}`,
            paragraphs: ["Body text the office must not see"],
          },
          NOW,
        ),
      );
  }

  it("the office sees time, subject, category and status, never bodies; a chat digest shows only its category", async () => {
    await sendSome(2);
    const c = await chatWith([worker, anna]);
    await say(c, anna, "Private", minutes(-30));
    await sweep(NOW);
    const res = await callRoute(messagesRoute.GET, `users/${worker}/messages`, {
      token: tokens.pm,
      params: { id: String(worker) },
    });
    expect(res.status).toBe(200);
    const body = res.body as { data: Record<string, unknown>[]; meta: { total: number } };
    expect(body.meta.total).toBe(3);
    expect(body.data.map((m) => [m.subject, m.category_label, m.status])).toEqual([
      ["Unread chat messages", "Unread chat messages", "queued"],
      ["Booked 1", "Booking changes", "queued"],
      ["Booked 0", "Booking changes", "queued"],
    ]);
    expect(JSON.stringify(body)).not.toMatch(/Body text|Anna|Private/);
  });

  it("404 for the worker itself, a client contact and an unknown id; 401 without a token", async () => {
    for (const who of ["worker", "client"]) {
      const res = await callRoute(messagesRoute.GET, `users/${worker}/messages`, {
        token: tokens[who],
        params: { id: String(worker) },
      });
      expect(res.status).toBe(404);
    }
    for (const id of ["0", "abc", "99999999999"])
      expect(
        (
          await callRoute(messagesRoute.GET, `users/${id}/messages`, {
            token: tokens.admin,
            params: { id },
          })
        ).status,
      ).toBe(404);
    expect(
      (
        await callRoute(messagesRoute.GET, `users/${worker}/messages`, {
          params: { id: String(worker) },
        })
      ).status,
    ).toBe(401);
  });

  it("pages 10 at a time with a flat query count", async () => {
    const counting = countingDb(handle);
    const run = async () => {
      const ctx = await ctxFor(counting.db, pm, { now: NOW });
      counting.reset();
      const page = await listUserMessages(ctx, worker, { page: 1 });
      return { page, n: counting.statements() };
    };
    await sendSome(2);
    const few = await run();
    await sendSome(12);
    const many = await run();
    expect(few.page.items).toHaveLength(2);
    expect(many.page.items).toHaveLength(10);
    expect(many.page.meta.total).toBe(14);
    expect(many.n).toBe(few.n);
    expect((await appErrorOf(listUserMessages(await ctxFor(db, client), worker, {}))).status).toBe(
      404,
    );
  });
});

describe("POST unsubscribe (RFC 8058 one-click)", () => {
  it("turns the category off with the mail client's form body; a forged token is 400, nothing changed", async () => {
    const token = unsubscribeToken(worker, "chat_digest");
    const bad = await callRoute(
      unsubscribeRoute.POST,
      `unsubscribe?token=${token.slice(0, -2)}xx`,
      {
        method: "POST",
        rawBody: "List-Unsubscribe=One-Click",
        headers: { "content-type": "application/x-www-form-urlencoded" },
      },
    );
    expect(bad.status).toBe(400);
    expect((bad.body as { message: string }).message).toMatch(/not valid/);
    const [before] = await db
      .select({ p: schema.users.notificationPrefs })
      .from(schema.users)
      .where(eq(schema.users.id, worker));
    expect(before.p.chat_digest).toBeUndefined();
    const ok = await callRoute(unsubscribeRoute.POST, `unsubscribe?token=${token}`, {
      method: "POST",
      rawBody: "List-Unsubscribe=One-Click",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(ok.status).toBe(200);
    expect((ok.body as { data: { on: boolean } }).data.on).toBe(false);
    const [after] = await db
      .select({ p: schema.users.notificationPrefs })
      .from(schema.users)
      .where(eq(schema.users.id, worker));
    expect(after.p.chat_digest).toBe(false);
    await db.update(schema.users).set({ notificationPrefs: {} }).where(eq(schema.users.id, worker));
  });
});
