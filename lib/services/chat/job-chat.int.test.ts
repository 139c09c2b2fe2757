import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { schema } from "@/db";
import { ROLE } from "@/lib/domain/permissions";
import { appErrorOf } from "@/lib/testing/app-error";
import { createUser } from "@/lib/testing/fixtures";
import { rowCounts } from "@/lib/testing/row-counts";
import { changeApplicationStatus, deleteApplication, undoApplicationChange } from "../applications";
import { changeJobStatus } from "../jobs/status";
import {
  CHAT_NOT_FOUND,
  JOB_CHAT_NEEDS_JOB,
  chatMessages,
  listChats,
  openJobChat,
  sendChatMessage,
  unreadCount,
} from ".";
import { ctx, db, k, members, setUpJobChatSuite, shiftJob, w } from "./job-chat.test-support";

setUpJobChatSuite();

const sorted = (...ids: number[]) => [...ids].sort((a, b) => a - b);

describe("POST jobs/admin-job-chat", () => {
  it("needs a job id (422, the spec's words) and writes nothing", async () => {
    const before = await rowCounts(db);
    for (const input of [{}, { job_id: "" }, { job_id: "abc" }, { job_id: 0 }, null]) {
      const err = await appErrorOf(openJobChat(await ctx(w.pm), input));
      expect([err.status, err.message]).toEqual([422, JOB_CHAT_NEEDS_JOB]);
    }
    expect(JOB_CHAT_NEEDS_JOB).toBe("Opening a job chat needs a job id");
    expect(await rowCounts(db)).toEqual(before);
  });

  it("starts the job's chat with the caller, its office people and booked crew; again: the same chat", async () => {
    const job = await shiftJob();
    await db
      .update(schema.jobs)
      .set({ projectManagerId: w.pm, bookerId: w.crewHandler })
      .where(eq(schema.jobs.id, job.jobId));
    const booked = await k.worker([w.skill]);
    const applied = await k.worker([w.skill]);
    await k.book(w.pm, booked, job);
    await k.book(w.pm, applied, job, { status: "Reserve" });

    const { chat_id } = await openJobChat(await ctx(w.admin), { job_id: job.jobId });
    expect(await members(chat_id)).toEqual(sorted(w.admin, w.pm, w.crewHandler, booked));
    const again = await openJobChat(await ctx(w.colA), { job_id: String(job.jobId) });
    expect(again.chat_id).toBe(chat_id);
    expect(await members(chat_id)).toEqual(sorted(w.admin, w.pm, w.crewHandler, booked, w.colA));

    // The booked worker sees it titled with the job's name and can answer.
    await sendChatMessage(await ctx(w.pm), { body: "Call time 7:30", chat_id });
    const [item] = (await listChats(await ctx(booked), {})).items;
    expect(item).toMatchObject({
      id: chat_id,
      type: "job",
      job: { id: job.jobId },
      other_user: null,
      unread_messages: 1,
    });
    expect(item.title).toMatch(/^Job /);
    await sendChatMessage(await ctx(booked), { body: "On my way", chat_id });
    expect(await unreadCount(await ctx(w.colA))).toEqual({ count: 2 });
  });

  it("keeps workers out (403) and a client contact out of other companies' jobs (404)", async () => {
    const job = await shiftJob();
    const worker = await k.worker([w.skill]);
    await k.book(w.pm, worker, job);
    const before = await rowCounts(db);
    const asWorker = await appErrorOf(openJobChat(await ctx(worker), { job_id: job.jobId }));
    expect(asWorker.status).toBe(403);
    const asOther = await appErrorOf(openJobChat(await ctx(w.colB), { job_id: job.jobId }));
    expect([asOther.status, asOther.message]).toEqual([404, "Job not found."]);
    const unknown = await appErrorOf(openJobChat(await ctx(w.pm), { job_id: 2147483647 }));
    expect(unknown.status).toBe(404);
    expect(await rowCounts(db)).toEqual(before);
  });

  it("makes one chat when two people open it at once", async () => {
    const job = await shiftJob();
    const [a, b] = await Promise.all([
      openJobChat(await ctx(w.pm), { job_id: job.jobId }),
      openJobChat(await ctx(w.crewHandler), { job_id: job.jobId }),
    ]);
    expect(a.chat_id).toBe(b.chat_id);
  });
});

describe("job chat membership follows the bookings", () => {
  it("adds a worker booked later, takes out one removed, keeps its messages", async () => {
    const job = await shiftJob();
    const { chat_id } = await openJobChat(await ctx(w.pm), { job_id: job.jobId });
    const late = await k.worker([w.skill]);
    const [app] = await k.book(w.crewHandler, late, job);
    expect(await members(chat_id)).toContain(late);
    await sendChatMessage(await ctx(late), { body: "Hello crew", chat_id });

    const removed = await deleteApplication(await ctx(w.pm), app.id);
    expect(await members(chat_id)).not.toContain(late);
    // Undoing the removal seats it again; removing it once more takes it out.
    await undoApplicationChange(await ctx(w.pm), { activity_id: removed.undo_activity_id });
    expect(await members(chat_id)).toContain(late);
    const [again] = await db
      .select({ id: schema.applications.id })
      .from(schema.applications)
      .where(eq(schema.applications.assigneeId, late));
    await deleteApplication(await ctx(w.pm), again.id);
    expect(await members(chat_id)).not.toContain(late);
    const err = await appErrorOf(chatMessages(await ctx(late), chat_id, {}));
    expect([err.status, err.message]).toEqual([404, CHAT_NOT_FOUND]);
    const page = await chatMessages(await ctx(w.pm), chat_id, {});
    expect(page.items.map((m) => m.body)).toEqual(["Hello crew"]);
    expect(await members(chat_id)).toContain(w.pm);
  });

  it("follows a request accepted and a booking denied, and a cancelled job", async () => {
    const job = await shiftJob();
    const { chat_id } = await openJobChat(await ctx(w.crewHandler), { job_id: job.jobId });
    const requested = await k.worker([w.skill]);
    const [req] = await k.book(w.pm, requested, job, { status: "Requested" });
    expect(await members(chat_id)).not.toContain(requested);
    await changeApplicationStatus(await ctx(requested), req.id, { status: "Request accepted" });
    expect(await members(chat_id)).toContain(requested);
    await changeApplicationStatus(await ctx(w.pm), req.id, { status: "Denied" });
    expect(await members(chat_id)).not.toContain(requested);

    const crew = await k.worker([w.skill]);
    await k.book(w.pm, crew, job);
    expect(await members(chat_id)).toContain(crew);
    await changeJobStatus(await ctx(w.pm), job.jobId, "Cancelled", { reason: "Rain" });
    expect(await members(chat_id)).toEqual(sorted(w.crewHandler));
  });

  it("does nothing for a job without a chat", async () => {
    const job = await shiftJob();
    const worker = await k.worker([w.skill]);
    await k.book(w.pm, worker, job);
    const chats = await db.select().from(schema.chats).where(eq(schema.chats.jobId, job.jobId));
    expect(chats).toEqual([]);
    const office = await createUser(db, { roles: [ROLE.crewHandler] });
    expect(await unreadCount(await ctx(office.id))).toEqual({ count: 0 });
  });
});
