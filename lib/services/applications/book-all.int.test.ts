import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { schema, type Db } from "@/db";
import { applicationStatus, applyOn, type JobWorld } from "@/lib/testing/jobs-fixtures";
import { bookingKit, bookingSuite } from "@/lib/testing/booking-fixtures";
import { appErrorOf } from "@/lib/testing/app-error";
import { issueApiToken } from "@/lib/services/auth/tokens";
import { callRoute } from "@/lib/testing/route-request";
import * as bookApplicantsRoute from "@/app/api/v2/shift-slots/[id]/book-applicants/route";
import * as applicationRoute from "@/app/api/v2/applications/[id]/route";
import * as undoRoute from "@/app/api/v2/applications/undo/route";
import { bookAllApplicants } from ".";

let db: Db;
let w: JobWorld;
let k: ReturnType<typeof bookingKit>;
const NOW = new Date("2026-12-07T11:00:00Z");

bookingSuite(NOW, (s) => ({ db, w, k } = s));

const bookAll = async (userId: number, slotId: unknown) =>
  bookAllApplicants(await k.ctx(userId), slotId);

/** An Applied application that applied at `appliedAt`. */
async function applicant(slotId: number, appliedAt: string, skills = [w.skill]) {
  const worker = await k.worker(skills);
  const id = await applyOn(db, slotId, worker, "Applied");
  await db
    .update(schema.applications)
    .set({ createdAt: new Date(appliedAt) })
    .where(eq(schema.applications.id, id));
  return { worker, id };
}

describe("book all applicants of a slot (POST shift-slots/{id}/book-applicants)", () => {
  it("books applicants in the order they applied, up to the free positions, and says why the rest were not", async () => {
    const s = await k.oneShiftJob("2026-12-09T07:00:00Z", "2026-12-09T15:00:00Z", 2);
    await k.book(w.pm, await k.worker([w.skill]), s); // one of two places taken
    const late = await applicant(s.slotId, "2026-12-05T10:00:00Z");
    const early = await applicant(s.slotId, "2026-12-01T10:00:00Z");
    const middle = await applicant(s.slotId, "2026-12-03T10:00:00Z");

    const res = await bookAll(w.pm, s.slotId);
    expect(res.booked.map((b) => b.application_id)).toEqual([early.id]);
    expect(res.not_booked.map((b) => b.application_id)).toEqual([middle.id, late.id]);
    expect(res.not_booked[0].reason).toMatch(/^This shift slot is full: .* 2 of 2 positions/);
    expect(res.message).toBe("Booked 1 of 3 applicants.");
    expect(await k.filledOf(s.slotId)).toBe(2);
    expect(await applicationStatus(db, early.id)).toBe("Booked");
    expect(await applicationStatus(db, middle.id)).toBe("Applied");
    const [log] = await db
      .select()
      .from(schema.activityLog)
      .where(eq(schema.activityLog.subjectId, early.id));
    expect(log.description).toMatch(/^Booked Worker \d+ on Stagehand .*\(book all applicants\)$/);
  });

  it("skips an applicant booked elsewhere at the same time or without the skill, and books the next", async () => {
    const s = await k.oneShiftJob("2026-12-10T07:00:00Z", "2026-12-10T15:00:00Z", 2);
    const elsewhere = await k.oneShiftJob("2026-12-10T09:00:00Z", "2026-12-10T12:00:00Z", 1);
    const busy = await applicant(s.slotId, "2026-12-01T10:00:00Z");
    await k.book(w.pm, busy.worker, elsewhere);
    const unskilled = await applicant(s.slotId, "2026-12-02T10:00:00Z", [w.skill2]);
    const fine = await applicant(s.slotId, "2026-12-03T10:00:00Z");

    const res = await bookAll(w.crewHandler, s.slotId);
    expect(res.booked.map((b) => b.worker.id)).toEqual([fine.worker]);
    expect(res.not_booked).toEqual([
      expect.objectContaining({
        worker: expect.objectContaining({ id: busy.worker }),
        reason: expect.stringMatching(/is already booked on .* at the same time\.$/),
      }),
      expect.objectContaining({
        worker: expect.objectContaining({ id: unskilled.worker }),
        reason: expect.stringMatching(/^Worker \d+ does not have the skill Stagehand\.$/),
      }),
    ]);
    expect(await applicationStatus(db, unskilled.id)).toBe("Applied");
  });

  it("says so when there is nobody to book", async () => {
    const s = await k.oneShiftJob("2026-12-11T07:00:00Z", "2026-12-11T15:00:00Z", 2);
    const res = await bookAll(w.pm, s.slotId);
    expect(res).toMatchObject({ booked: [], not_booked: [] });
    expect(res.message).toBe("There are no applicants to book on this slot.");
  });

  it("is for bookers of the job only: 403 for a worker or a requesting client contact, 404 outside the company", async () => {
    const s = await k.oneShiftJob("2026-12-12T07:00:00Z", "2026-12-12T15:00:00Z", 2);
    const a = await applicant(s.slotId, "2026-12-01T10:00:00Z");
    expect((await appErrorOf(bookAll(a.worker, s.slotId))).status).toBe(403);
    expect((await appErrorOf(bookAll(w.colA, s.slotId))).status).toBe(403);
    expect((await appErrorOf(bookAll(w.colEditorB, s.slotId))).status).toBe(404);
    expect((await appErrorOf(bookAll(w.pm, 999_999))).status).toBe(404);
    expect((await appErrorOf(bookAll(w.pm, "abc"))).status).toBe(404);
    expect(await applicationStatus(db, a.id)).toBe("Applied");
    const res = await bookAll(w.colEditorA, s.slotId);
    expect(res.booked).toHaveLength(1);
  });
});

describe("REST: book applicants, remove with notify, undo", () => {
  const future = (days: number) => {
    const d = new Date(Date.now() + days * 24 * 3_600_000);
    d.setUTCHours(8, 0, 0, 0);
    return [d.toISOString(), new Date(d.getTime() + 8 * 3_600_000).toISOString()] as const;
  };

  it("answers the contract's status codes", async () => {
    const [start, end] = future(6);
    const s = await k.oneShiftJob(start, end, 1);
    const a = await applicant(s.slotId, "2026-01-01T10:00:00Z");
    const pm = (await issueApiToken(db, w.pm, new Date())).access_token;
    const asWorker = (await issueApiToken(db, a.worker, new Date())).access_token;
    const path = `shift-slots/${s.slotId}/book-applicants`;
    const params = { id: String(s.slotId) };

    const denied = await callRoute(bookApplicantsRoute.POST, path, {
      method: "POST",
      token: asWorker,
      params,
    });
    expect(denied.status).toBe(403);
    const ok = await callRoute(bookApplicantsRoute.POST, path, {
      method: "POST",
      token: pm,
      params,
    });
    expect(ok.status).toBe(200);
    expect((ok.body as { data: { message: string } }).data.message).toBe("Booked 1 applicant.");

    const removed = await callRoute(applicationRoute.DELETE, `applications/${a.id}?notify=1`, {
      method: "DELETE",
      token: pm,
      params: { id: String(a.id) },
    });
    expect(removed.status).toBe(200);
    const undoId = (removed.body as { data: { undo_activity_id: number } }).data.undo_activity_id;
    expect(typeof undoId).toBe("number");

    const undone = await callRoute(undoRoute.POST, "applications/undo", {
      method: "POST",
      token: pm,
      json: { activity_id: undoId },
    });
    expect(undone.status).toBe(200);
    expect(
      (undone.body as { data: { application: { status: string } } }).data.application.status,
    ).toBe("Booked");
    const again = await callRoute(undoRoute.POST, "applications/undo", {
      method: "POST",
      token: pm,
      json: { activity_id: undoId },
    });
    expect(again.status).toBe(409);
    const bad = await callRoute(undoRoute.POST, "applications/undo", {
      method: "POST",
      token: pm,
      json: { activity_id: "x" },
    });
    expect(bad.status).toBe(422);
  });
});
