import { describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { schema } from "@/db";
import { ROLE } from "@/lib/domain/permissions";
import { appErrorOf } from "@/lib/testing/app-error";
import { createUser } from "@/lib/testing/fixtures";
import { changeUserStatus, deleteUser } from "../users/status";
import { chatMessages, listChats, openJobChat, sendChatMessage, unreadCount } from ".";
import { ctx, db, k, members, setUpJobChatSuite, shiftJob, w } from "./job-chat.test-support";

setUpJobChatSuite();

const seat = async (chatId: number, userId: number) =>
  (
    await db
      .select()
      .from(schema.chatParticipants)
      .where(
        and(eq(schema.chatParticipants.chatId, chatId), eq(schema.chatParticipants.userId, userId)),
      )
  )[0];

/** A job chat with two office messages and a booked worker who also has a private chat. */
async function chatWithCrew() {
  const job = await shiftJob();
  const { chat_id } = await openJobChat(await ctx(w.pm), { job_id: job.jobId });
  await sendChatMessage(await ctx(w.pm), { body: "Call time 7:30", chat_id });
  await sendChatMessage(await ctx(w.pm), { body: "Gate 4", chat_id });
  const worker = await k.worker([w.skill]);
  await k.book(w.pm, worker, job);
  return { job, chat_id, worker };
}

describe("a worker joining a job chat", () => {
  it("starts its read mark at the join: the history shows, none of it unread", async () => {
    const { chat_id, worker } = await chatWithCrew();
    expect(await members(chat_id)).toContain(worker);
    expect(await unreadCount(await ctx(worker))).toEqual({ count: 0 });
    const [item] = (await listChats(await ctx(worker), {})).items;
    expect(item).toMatchObject({ id: chat_id, unread_messages: 0 });
    const page = await chatMessages(await ctx(worker), chat_id, {});
    expect(page.items.map((m) => m.body).sort()).toEqual(["Call time 7:30", "Gate 4"]);
    const mark = await seat(chat_id, worker);
    expect(mark.lastReadAt).not.toBeNull();

    // A message after the join is unread.
    await sendChatMessage(await ctx(w.pm), { body: "Black trousers", chat_id });
    expect(await unreadCount(await ctx(worker))).toEqual({ count: 1 });
  });

  it("joining a chat with no messages yet: no read mark, nothing unread", async () => {
    const job = await shiftJob();
    const { chat_id } = await openJobChat(await ctx(w.pm), { job_id: job.jobId });
    const worker = await k.worker([w.skill]);
    await k.book(w.pm, worker, job);
    expect(await seat(chat_id, worker)).toMatchObject({
      lastReadMessageId: null,
      lastReadAt: null,
    });
    await sendChatMessage(await ctx(w.pm), { body: "Welcome", chat_id });
    expect(await unreadCount(await ctx(worker))).toEqual({ count: 1 });
  });
});

describe("deactivating or archiving a user", () => {
  it("takes it out of its job chats in the same step; its messages and private chats stay", async () => {
    const { job, chat_id, worker } = await chatWithCrew();
    await sendChatMessage(await ctx(worker), { body: "On my way", chat_id });
    const direct = await sendChatMessage(await ctx(worker), {
      body: "Hi Peter",
      target_user: w.pm,
    });

    // Refused (upcoming booking, not confirmed): still a member.
    const ask = await appErrorOf(
      changeUserStatus(await ctx(w.admin), worker, { status: "deactivated" }),
    );
    expect(ask.status).toBe(410);
    expect(await members(chat_id)).toContain(worker);

    await changeUserStatus(await ctx(w.admin), worker, { status: "deactivated", confirm: 1 });
    expect(await members(chat_id)).not.toContain(worker);
    expect(await members(direct.data.chat_id)).toContain(worker);
    const page = await chatMessages(await ctx(w.pm), chat_id, {});
    expect(page.items.map((m) => m.body)).toContain("On my way");

    // Its booking stays, yet a later crew sync (another booking on the job) does not seat it again.
    await k.book(w.pm, await k.worker([w.skill]), job);
    expect(await members(chat_id)).not.toContain(worker);

    // Reactivated, it sits in the chat of the job it still holds a place on.
    await changeUserStatus(await ctx(w.admin), worker, { status: "active" });
    expect(await members(chat_id)).toContain(worker);
    expect(await unreadCount(await ctx(worker))).toEqual({ count: 0 });
  });

  it("archiving does the same, for a worker and for an office member who opened the chat", async () => {
    const { job, chat_id, worker } = await chatWithCrew();
    const office = (await createUser(db, { roles: [ROLE.crewHandler] })).id;
    await openJobChat(await ctx(office), { job_id: job.jobId });
    expect(await members(chat_id)).toEqual(expect.arrayContaining([worker, office]));
    await deleteUser(await ctx(w.admin), worker, { confirm: 1 });
    await deleteUser(await ctx(w.admin), office, {});
    expect(await members(chat_id)).not.toContain(worker);
    expect(await members(chat_id)).not.toContain(office);
    expect(await members(chat_id)).toContain(w.pm);
  });

  it("a worker or a role without user_create is refused (403) and the chat keeps its members", async () => {
    const { chat_id, worker } = await chatWithCrew();
    const before = await members(chat_id);
    for (const who of [worker, w.colA]) {
      const err = await appErrorOf(
        changeUserStatus(await ctx(who), worker, { status: "deactivated", confirm: 1 }),
      );
      expect(err.status).toBe(403);
    }
    expect(await members(chat_id)).toEqual(before);
  });
});
