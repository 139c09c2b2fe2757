import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { schema, type Db } from "@/db";
import { localStore, setFileStore } from "@/lib/files/storage";
import { deliverQueuedMail, type MailMessage } from "@/lib/mail";
import { bookingKit, bookingSuite } from "@/lib/testing/booking-fixtures";
import { insertJob, type JobWorld } from "@/lib/testing/jobs-fixtures";
import { appErrorOf } from "@/lib/testing/app-error";
import { changeApplication, changeApplicationStatus, deleteApplication } from "../applications";
import { makeCtx, systemActor, withTx } from "../context";
import { approveApplication, disapproveApplication } from "../hours";
import { changeJobStatus } from "../jobs/status";
import { sweepShiftReminders } from "./reminders";
import { unsubscribeToken } from "./token";
import { BAD_UNSUBSCRIBE_LINK, unsubscribe, unsubscribeInfo } from "./unsubscribe";
import { notifyUser } from "./notify";

let db: Db;
let w: JobWorld;
let k: ReturnType<typeof bookingKit>;
let dir: string;
const NOW = new Date("2026-12-07T11:00:00Z");

bookingSuite(NOW, (s) => ({ db, w, k } = s));

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "crewdeck-notify-"));
  setFileStore(localStore(dir));
});
afterAll(async () => {
  setFileStore(undefined);
  await rm(dir, { recursive: true, force: true });
});
beforeEach(async () => {
  await db.delete(schema.mailOutbox);
});

const mailsOf = (userId: number, template?: string) =>
  db
    .select()
    .from(schema.mailOutbox)
    .where(
      and(
        eq(schema.mailOutbox.userId, userId),
        template ? eq(schema.mailOutbox.template, template) : undefined,
      ),
    )
    .orderBy(schema.mailOutbox.id);

const prefsOf = async (userId: number) =>
  (
    await db
      .select({ p: schema.users.notificationPrefs })
      .from(schema.users)
      .where(eq(schema.users.id, userId))
  )[0].p;

const setPrefs = (userId: number, prefs: Record<string, boolean>) =>
  db.update(schema.users).set({ notificationPrefs: prefs }).where(eq(schema.users.id, userId));

/** A one-shift job at a venue-less address with a dress code. */
async function shiftWithDetails(start: string, end: string) {
  const s = await k.oneShiftJob(start, end, 3);
  const [dress] = await db
    .insert(schema.dressCodes)
    .values({ name: "Black, no logos" })
    .returning();
  await db
    .update(schema.jobs)
    .set({ address: "Vesterbrogade 1", zip: "1620", city: "København V", dressCodeId: dress.id })
    .where(eq(schema.jobs.id, s.jobId));
  return s;
}

describe("booked on a shift", () => {
  it("mails the worker once: times in the job's zone, address, dress code, an .ics with the UTC times, HTML and text, unsubscribe headers", async () => {
    const s = await shiftWithDetails("2026-12-10T08:00:00Z", "2026-12-10T16:00:00Z");
    const worker = await k.worker([w.skill], [], "Berit Booked");
    const [app] = await k.book(w.pm, worker, s);
    // The same booking again is refused: still one mail.
    expect((await appErrorOf(k.book(w.pm, worker, s))).status).toBe(409);
    const mails = await mailsOf(worker);
    expect(mails).toHaveLength(1);
    const m = mails[0];
    expect(m).toMatchObject({
      template: "shift_booked",
      category: "booking_changes",
      idempotencyKey: expect.stringMatching(new RegExp(`^booked:${app.id}:`)),
    });
    expect(m.subject).toBe(`You are booked on Job 2026-12-10T08:00:00Z, 10/12/2026`);
    // Europe/Copenhagen in December: UTC+1.
    expect(m.text).toContain("When: 10/12/2026 09:00–17:00");
    expect(m.text).toContain("Address: Vesterbrogade 1, 1620 København V");
    expect(m.text).toContain("Dress code: Black, no logos");
    expect(m.text).toMatch(/Turn it off: http.*\/unsubscribe\?token=/);
    expect(m.html).toContain("<td");
    expect(m.html).toContain("Black, no logos");
    expect(m.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(m.headers["List-Unsubscribe"]).toMatch(/^<http.*\/api\/v2\/unsubscribe\?token=.+>$/);
    expect(m.attachments).toHaveLength(1);

    // Delivered: the .ics goes along with the UTC instants, the headers reach nodemailer.
    const sent: MailMessage[] = [];
    expect(await deliverQueuedMail(db, 5, { sendMail: async (x) => void sent.push(x) })).toBe(1);
    expect(sent[0].html).toBeTruthy();
    expect(sent[0].text).toBeTruthy();
    expect(sent[0].headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const ics = sent[0].attachments[0];
    expect(ics.filename).toBe("shift.ics");
    expect(ics.contentType).toContain("text/calendar");
    const body = ics.content.toString("utf8");
    expect(body).toContain("DTSTART:20261210T080000Z");
    expect(body).toContain("DTEND:20261210T160000Z");
    expect(body).toContain(`UID:application-${app.id}@`);
  });

  it("sends nothing when the worker turned booking changes off", async () => {
    const s = await k.oneShiftJob("2026-12-11T08:00:00Z", "2026-12-11T16:00:00Z");
    const worker = await k.worker([w.skill]);
    await setPrefs(worker, { booking_changes: false });
    await k.book(w.pm, worker, s);
    expect(await mailsOf(worker)).toHaveLength(0);
  });

  it("a worker applying hears nothing; booked from Applied by the office, it does", async () => {
    const s = await k.oneShiftJob("2026-12-12T08:00:00Z", "2026-12-12T16:00:00Z");
    const worker = await k.worker([w.skill]);
    const [app] = await k.book(worker, worker, s, { status: "Applied" });
    expect(await mailsOf(worker)).toHaveLength(0);
    await changeApplicationStatus(await k.ctx(w.pm), app.id, { status: "Booked" });
    await changeApplicationStatus(await k.ctx(w.pm), app.id, { status: "Booked" });
    expect((await mailsOf(worker)).map((m) => m.template)).toEqual(["shift_booked"]);
  });
});

describe("requested, removed, cancelled", () => {
  it("a request links to the worker's shifts to accept or decline, once", async () => {
    const s = await k.oneShiftJob("2026-12-13T08:00:00Z", "2026-12-13T16:00:00Z");
    const worker = await k.worker([w.skill]);
    await k.book(w.pm, worker, s, { status: "Requested" });
    expect((await appErrorOf(k.book(w.pm, worker, s, { status: "Requested" }))).status).toBe(409);
    const mails = await mailsOf(worker);
    expect(mails.map((m) => m.template)).toEqual(["shift_requested"]);
    expect(mails[0].text).toMatch(/Accept or decline: http.*\/my-dashboard\/my/);
  });

  it("removal with notify mails once; without notify, none", async () => {
    const s = await k.oneShiftJob("2026-12-14T08:00:00Z", "2026-12-14T16:00:00Z");
    const a = await k.worker([w.skill]);
    const b = await k.worker([w.skill]);
    const [appA] = await k.book(w.pm, a, s);
    const [appB] = await k.book(w.pm, b, s);
    await deleteApplication(await k.ctx(w.pm), appA.id, { notify: true });
    expect(
      (await appErrorOf(deleteApplication(await k.ctx(w.pm), appA.id, { notify: true }))).status,
    ).toBe(404);
    await deleteApplication(await k.ctx(w.pm), appB.id, {});
    expect((await mailsOf(a)).map((m) => m.template)).toEqual([
      "shift_booked",
      "application_removed",
    ]);
    expect((await mailsOf(b)).map((m) => m.template)).toEqual(["shift_booked"]);
  });

  it("a move to another shift of the job mails the new times and a new .ics", async () => {
    const job = await insertJob(db, {
      name: "Two days",
      companyId: w.companyA,
      countryId: w.countryId,
      clientRates: true,
      shifts: [
        {
          startsAt: new Date("2026-12-16T08:00:00Z"),
          endsAt: new Date("2026-12-16T12:00:00Z"),
          slots: [{ skillId: w.skill, positions: 2 }],
        },
        {
          startsAt: new Date("2026-12-17T08:00:00Z"),
          endsAt: new Date("2026-12-17T12:00:00Z"),
          slots: [{ skillId: w.skill, positions: 2 }],
        },
      ],
    });
    const worker = await k.worker([w.skill]);
    const [app] = await k.book(w.pm, worker, {
      shiftId: job.shifts[0].id,
      slotId: job.shifts[0].slots[0].id,
    });
    await changeApplication(await k.ctx(w.pm), {
      application_id: app.id,
      shift_slot_id: job.shifts[1].slots[0].id,
    });
    const mails = await mailsOf(worker, "shift_moved");
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain("When: 17/12/2026 09:00–13:00");
    const source = mails[0].attachments[0].source as { kind: "text"; body: string };
    expect(source.body).toContain("DTSTART:20261217T080000Z");
  });

  it("a cancelled job tells its crew once, with the reason", async () => {
    const s = await k.oneShiftJob("2026-12-15T08:00:00Z", "2026-12-15T16:00:00Z");
    const worker = await k.worker([w.skill]);
    const applicant = await k.worker([w.skill]);
    await k.book(w.pm, worker, s);
    await k.book(applicant, applicant, s, { status: "Applied" });
    const cancel = async () =>
      changeJobStatus(await k.ctx(w.pm), s.jobId, "cancelled", {
        reason: "The client called it off",
      });
    await cancel();
    await cancel();
    const mails = await mailsOf(worker, "shift_cancelled");
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain("Reason: The client called it off");
    expect(await mailsOf(applicant)).toHaveLength(0);
  });
});

describe("hours approved or sent back", () => {
  it("mails when the worker asked for it (off by default), once per decision", async () => {
    const s = await k.oneShiftJob("2026-12-01T08:00:00Z", "2026-12-01T16:00:00Z");
    const worker = await k.worker([w.skill]);
    const quiet = await k.worker([w.skill]);
    const [app] = await k.book(w.pm, worker, s);
    const [other] = await k.book(w.pm, quiet, s);
    await setPrefs(worker, { hours_approved: true });
    // A comment past its limit: 422, nothing approved, nothing mailed.
    const long = await appErrorOf(
      approveApplication(await k.ctx(w.pm), app.id, { comment: "x".repeat(5000) }),
    );
    expect(long.status).toBe(422);
    expect(await mailsOf(worker, "hours_approved")).toHaveLength(0);
    await approveApplication(await k.ctx(w.pm), app.id, { comment: "Thanks for staying late" });
    expect((await appErrorOf(approveApplication(await k.ctx(w.pm), app.id))).status).toBe(409);
    await disapproveApplication(await k.ctx(w.pm), app.id);
    await approveApplication(await k.ctx(w.pm), other.id);
    const mails = await mailsOf(worker);
    expect(mails.map((m) => m.template)).toEqual(["hours_approved", "hours_disapproved"]);
    expect(mails[0].subject).toBe("Your hours on Job 2026-12-01T08:00:00Z are approved");
    expect(mails[0].text).toContain("Comment from the office: Thanks for staying late");
    expect(mails[1].text).not.toContain("Comment from the office");
    expect(await mailsOf(quiet)).toHaveLength(0);
  });
});

describe("the day-before reminder", () => {
  const sweep = (at: Date) =>
    withTx(makeCtx(db, systemActor("test"), { now: at }), (ctx) => sweepShiftReminders(ctx));

  it("goes once per booking, even with two sweeps racing; not for a shift further off or a removed booking", async () => {
    const soon = await k.oneShiftJob("2026-12-08T07:00:00Z", "2026-12-08T15:00:00Z", 3);
    const later = await k.oneShiftJob("2026-12-09T12:00:00Z", "2026-12-09T20:00:00Z");
    const a = await k.worker([w.skill]);
    const b = await k.worker([w.skill]);
    const gone = await k.worker([w.skill]);
    await k.book(w.pm, a, soon);
    await k.book(w.pm, a, later);
    await k.book(w.pm, b, soon);
    const [removed] = await k.book(w.pm, gone, soon);
    await deleteApplication(await k.ctx(w.pm), removed.id, {});
    const results = await Promise.all([sweep(NOW), sweep(NOW)]);
    expect(results[0] + results[1]).toBe(2);
    expect(await sweep(new Date(NOW.getTime() + 60_000))).toBe(0);
    expect((await mailsOf(a, "shift_reminder")).map((m) => m.subject)).toEqual([
      "Tomorrow: Job 2026-12-08T07:00:00Z, 08:00–16:00",
    ]);
    expect(await mailsOf(b, "shift_reminder")).toHaveLength(1);
    expect(await mailsOf(gone, "shift_reminder")).toHaveLength(0);
  });

  it("a second insert with the same key writes nothing", async () => {
    const worker = await k.worker([w.skill]);
    const notice = {
      userId: worker,
      category: "shift_reminders" as const,
      key: `test:${worker}`,
      template: "t",
      subject: "S",
      paragraphs: ["P"],
    };
    const [first, second] = await Promise.all([
      db.transaction((tx) => notifyUser(tx, notice, NOW)),
      db.transaction((tx) => notifyUser(tx, notice, NOW)),
    ]);
    expect([first, second].filter((x) => x !== null)).toHaveLength(1);
    expect(await mailsOf(worker)).toHaveLength(1);
  });

  it("honours the reminder preference", async () => {
    const s = await k.oneShiftJob("2026-12-08T09:00:00Z", "2026-12-08T12:00:00Z");
    const worker = await k.worker([w.skill]);
    await k.book(w.pm, worker, s);
    await setPrefs(worker, { shift_reminders: false });
    await sweep(NOW);
    expect(await mailsOf(worker, "shift_reminder")).toHaveLength(0);
  });
});

describe("unsubscribe", () => {
  const anon = () => makeCtx(db, null, { now: NOW });

  it("the link's token turns its category off (and only that); the page reads it without changing it", async () => {
    const worker = await k.worker([w.skill]);
    const token = unsubscribeToken(worker, "shift_reminders");
    expect(await unsubscribeInfo(anon(), token)).toMatchObject({
      category: "shift_reminders",
      label: "Shift reminders",
      on: true,
    });
    expect(await prefsOf(worker)).toEqual({});
    const r = await unsubscribe(anon(), token);
    expect(r.message).toBe(
      'You will no longer get "Shift reminders" e-mails. You can turn them on again in your profile settings.',
    );
    expect(await prefsOf(worker)).toMatchObject({ shift_reminders: false, booking_changes: true });
    // Again: no change, same answer.
    expect((await unsubscribe(anon(), token)).on).toBe(false);
  });

  it("a bad or forged token is a 400 with a clear message, nothing changed", async () => {
    const worker = await k.worker([w.skill]);
    const other = await k.worker([w.skill]);
    const good = unsubscribeToken(worker, "booking_changes");
    const [, sig] = good.split(".");
    const forgedBody = Buffer.from(JSON.stringify({ u: other, c: "booking_changes" })).toString(
      "base64url",
    );
    for (const bad of [
      "",
      "abc",
      `${forgedBody}.${sig}`,
      `${good}x`,
      `${Buffer.from(JSON.stringify({ u: worker, c: "nope" })).toString("base64url")}.${sig}`,
      undefined,
    ]) {
      const err = await appErrorOf(unsubscribe(anon(), bad));
      expect(err.status).toBe(400);
      expect(err.message).toBe(BAD_UNSUBSCRIBE_LINK);
    }
    expect(await prefsOf(worker)).toEqual({});
    expect(await prefsOf(other)).toEqual({});
  });
});
