import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { schema, setDatabaseForTests, type Db, type DbHandle } from "@/db";
import { ROLE } from "@/lib/domain/permissions";
import {
  CHAT_MESSAGES,
  CHAT_NOT_FOUND,
  JOB_CHAT_NEEDS_JOB,
  NO_LIVE_CHAT,
} from "@/lib/services/chat";
import { testDatabase } from "@/lib/testing/db";
import { apiUser, createCountryAndCompany } from "@/lib/testing/fixtures";
import { insertJob } from "@/lib/testing/jobs-fixtures";
import { rowCounts } from "@/lib/testing/row-counts";
import { callRoute, type RouteHandler } from "@/lib/testing/route-request";
import * as chatsRoute from "@/app/api/v2/user/chats/route";
import * as unreadRoute from "@/app/api/v2/unread-messages/route";
import * as messagesRoute from "@/app/api/v2/chat/[chat_id]/messages/route";
import * as readRoute from "@/app/api/v2/chat/[chat_id]/read/route";
import * as searchRoute from "@/app/api/v2/search-users-chat/route";
import * as sendRoute from "@/app/api/v2/chat/send-message/route";
import * as jobChatRoute from "@/app/api/v2/jobs/admin-job-chat/route";

/** REST chat calls (spec §7 Chat): envelopes, statuses and messages, per role. */
let handle: DbHandle;
let db: Db;
let pm: { id: number; token: string };
let worker: { id: number; token: string };
let col: { id: number; token: string };
let companyId: number;
let countryId: number;

beforeAll(async () => {
  handle = await testDatabase();
  db = handle.db;
  setDatabaseForTests(handle);
  const cc = await createCountryAndCompany(db);
  companyId = cc.company.id;
  countryId = cc.country.id;
  pm = await apiUser(db, ROLE.projectManager);
  worker = await apiUser(db, ROLE.worker);
  col = await apiUser(db, ROLE.client, { companyId });
});
afterAll(async () => {
  await handle?.close();
});

const get = (h: RouteHandler, path: string, token?: string, params?: Record<string, string>) =>
  callRoute(h, path, { token, params });
const post = (
  h: RouteHandler,
  path: string,
  token: string | undefined,
  json: unknown,
  params?: Record<string, string>,
) => callRoute(h, path, { method: "POST", token, json, params });

describe("REST chat", () => {
  it("sends, lists, pages, counts and marks read through the calls", async () => {
    const sent = await post(sendRoute.POST, "chat/send-message", pm.token, {
      body: "Are you free on Friday?",
      target_user: worker.id,
    });
    expect(sent.status).toBe(201);
    const msg = sent.body as { message: string; data: { id: number; chat_id: number } };
    expect(msg.message).toBe(CHAT_MESSAGES.sent);
    expect(msg.data).toMatchObject({ body: "Are you free on Friday?", mine: true });
    const chatId = String(msg.data.chat_id);

    const unread = await get(unreadRoute.GET, "unread-messages", worker.token);
    expect([unread.status, unread.body]).toEqual([200, { data: { count: 1 } }]);

    const list = await get(chatsRoute.GET, "user/chats?perPage=5", worker.token);
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({
      data: [{ id: msg.data.chat_id, type: "private", unread_messages: 1 }],
      meta: { current_page: 1, last_page: 1, per_page: 5, total: 1 },
    });

    const page = await get(messagesRoute.GET, `chat/${chatId}/messages`, worker.token, {
      chat_id: chatId,
    });
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({
      data: {
        chat: { id: msg.data.chat_id },
        items: [{ id: msg.data.id, mine: false }],
        meta: { current_page: 1, per_page: 30, total: 1 },
      },
    });
    const after = await get(messagesRoute.GET, `chat/${chatId}/messages?after=0`, worker.token, {
      chat_id: chatId,
    });
    expect(after.body).toMatchObject({ data: [{ id: msg.data.id }] });

    const read = await post(
      readRoute.POST,
      `chat/${chatId}/read`,
      worker.token,
      {},
      {
        chat_id: chatId,
      },
    );
    expect([read.status, read.body]).toEqual([200, { data: { unread_messages: 0, count: 0 } }]);

    const search = await get(searchRoute.GET, `search-users-chat?userName=`, worker.token);
    expect(search.status).toBe(200);
    expect((search.body as { data: { id: number }[] }).data.map((p) => p.id)).toContain(pm.id);
  });

  it("answers 404 for someone else's conversation, 401 without a token, 403 without the live chat", async () => {
    const sent = await post(sendRoute.POST, "chat/send-message", pm.token, {
      body: "Private",
      target_user: worker.id,
    });
    const chatId = String((sent.body as { data: { chat_id: number } }).data.chat_id);
    const before = await rowCounts(db);
    const foreign = await post(sendRoute.POST, "chat/send-message", col.token, {
      body: "Hi",
      chat_id: Number(chatId),
    });
    expect([foreign.status, (foreign.body as { message: string }).message]).toEqual([
      404,
      CHAT_NOT_FOUND,
    ]);
    const foreignRead = await post(
      readRoute.POST,
      `chat/${chatId}/read`,
      col.token,
      {},
      {
        chat_id: chatId,
      },
    );
    expect(foreignRead.status).toBe(404);
    const bad = await get(messagesRoute.GET, "chat/abc/messages", pm.token, { chat_id: "abc" });
    expect(bad.status).toBe(404);
    expect((await get(unreadRoute.GET, "unread-messages")).status).toBe(401);
    const invalid = await post(sendRoute.POST, "chat/send-message", pm.token, { body: "" });
    expect([invalid.status, (invalid.body as { message: string }).message]).toEqual([
      422,
      CHAT_MESSAGES.bodyRequired,
    ]);
    const malformed = await callRoute(sendRoute.POST, "chat/send-message", {
      method: "POST",
      token: pm.token,
      rawBody: "{not json",
    });
    expect(malformed.status).toBeGreaterThanOrEqual(400);
    expect(malformed.status).toBeLessThan(500);
    expect(await rowCounts(db)).toEqual(before);
    const applicant = await apiUser(db, ROLE.worker);
    // An applicant (not yet approved) holds no has_live_chat.
    await db.update(schema.users).set({ approved: false }).where(eq(schema.users.id, applicant.id));
    const denied = await get(unreadRoute.GET, "unread-messages", applicant.token);
    expect([denied.status, (denied.body as { message: string }).message]).toEqual([
      403,
      NO_LIVE_CHAT,
    ]);
  });

  it("opens a job chat: 422 without a job id, { chat_id } for the office and the job's client contact", async () => {
    const job = await insertJob(db, {
      name: "Harbour Gala",
      companyId,
      countryId,
      shifts: [],
    });
    const missing = await post(jobChatRoute.POST, "jobs/admin-job-chat", pm.token, {});
    expect(missing.status).toBe(422);
    expect(missing.body).toMatchObject({ message: JOB_CHAT_NEEDS_JOB });
    const opened = await post(jobChatRoute.POST, "jobs/admin-job-chat", pm.token, {
      job_id: job.id,
    });
    expect(opened.status).toBe(200);
    const chatId = (opened.body as { data: { chat_id: number } }).data.chat_id;
    expect(chatId).toEqual(expect.any(Number));
    const again = await post(jobChatRoute.POST, "jobs/admin-job-chat", col.token, {
      job_id: job.id,
    });
    expect(again.body).toEqual({ data: { chat_id: chatId } });
    const asWorker = await post(jobChatRoute.POST, "jobs/admin-job-chat", worker.token, {
      job_id: job.id,
    });
    expect(asWorker.status).toBe(403);
    const list = await get(chatsRoute.GET, "user/chats", col.token);
    expect(list.body).toMatchObject({ data: [{ id: chatId, type: "job", title: "Harbour Gala" }] });
  });
});
