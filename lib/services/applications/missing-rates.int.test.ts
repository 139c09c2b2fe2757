import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { schema } from "@/db";
import { applicationStatus } from "@/lib/testing/jobs-fixtures";
import { appErrorOf } from "@/lib/testing/app-error";
import { bookApplications, changeApplicationStatus } from ".";
import {
  book,
  branch,
  db,
  k,
  level,
  placesOf,
  rate,
  setUpMissingRates,
  unratedJob,
  w,
} from "./missing-rates.test-support";

setUpMissingRates();

describe("missing worker rates at booking (410 missing_rates)", () => {
  it("answers 410 naming the worker and the skill, and writes nothing", async () => {
    const s = await unratedJob("2026-12-09T07:00:00Z", "2026-12-09T15:00:00Z");
    const ole = await k.worker([w.skill], [], "Ole Hansen");
    const err = await appErrorOf(book(w.pm, ole, s));
    expect(err.status).toBe(410);
    expect(err.type).toBe("missing_rates");
    expect(err.message).toBe(
      "There is no worker rate for Ole Hansen as Stagehand on this job. Book anyway?",
    );
    expect(await placesOf(ole)).toEqual([]);
    expect(await k.filledOf(s.slotId)).toBe(0);
  });

  it("books with book_anyway and records it on the application and in the activity log", async () => {
    const s = await unratedJob("2026-12-09T07:00:00Z", "2026-12-09T15:00:00Z");
    const ole = await k.worker([w.skill]);
    const [app] = await book(w.pm, ole, s, { book_anyway: true });
    expect(app.status).toBe("Booked");
    expect(app.book_anyway).toBe(true);
    const [row] = await placesOf(ole);
    expect(row.bookAnyway).toBe(true);
    const [log] = await db
      .select()
      .from(schema.activityLog)
      .where(eq(schema.activityLog.subjectId, app.id));
    expect(log.properties).toMatchObject({ book_anyway: true, to: "Booked" });
  });

  it("stops every office booker, admin to a client contact who may book", async () => {
    const s = await unratedJob("2026-12-09T07:00:00Z", "2026-12-09T15:00:00Z");
    for (const booker of [w.admin, w.pm, w.crewHandler, w.colEditorA]) {
      const err = await appErrorOf(book(booker, await k.worker([w.skill]), s));
      expect([err.status, err.type]).toEqual([410, "missing_rates"]);
    }
    expect(await k.filledOf(s.slotId)).toBe(0);
  });

  it("passes a worker with a custom rate, a job rate for the worker, a job rate, a card rate by level or a parent-skill card", async () => {
    const b = await branch();
    const s = await unratedJob("2026-12-09T07:00:00Z", "2026-12-09T15:00:00Z", { branchId: b });
    const senior = await level();
    const custom = await k.worker([w.skill]);
    await rate({ branchId: b, userId: custom });
    const jobUser = await k.worker([w.skill]);
    await rate({ jobId: s.jobId, userId: jobUser });
    const byLevel = await k.worker([]);
    await db
      .insert(schema.userSkills)
      .values({ userId: byLevel, skillId: w.skill, levelId: senior });
    await rate({ branchId: b, levelId: senior });
    for (const worker of [custom, jobUser, byLevel]) {
      const [app] = await book(w.pm, worker, s);
      expect(app.status).toBe("Booked");
      expect(app.book_anyway).toBe(false);
    }
    // Another worker at the same level-less card: still missing until the job has a rate.
    const plain = await k.worker([w.skill]);
    expect((await appErrorOf(book(w.pm, plain, s))).type).toBe("missing_rates");
    await rate({ jobId: s.jobId });
    expect((await book(w.pm, plain, s))[0].status).toBe("Booked");

    // A card row for the parent skill prices its sub-skills.
    const b2 = await branch();
    const t = await unratedJob("2026-12-12T07:00:00Z", "2026-12-12T15:00:00Z", { branchId: b2 });
    const [{ parentId }] = await db
      .select({ parentId: schema.skills.parentId })
      .from(schema.skills)
      .where(eq(schema.skills.id, w.skill));
    const other = await k.worker([w.skill]);
    expect((await appErrorOf(book(w.pm, other, t))).type).toBe("missing_rates");
    await rate({ branchId: b2, skillId: parentId! });
    expect((await book(w.pm, other, t))[0].status).toBe("Booked");
  });

  it("a card rate at a branch the job does not book from does not count", async () => {
    const s = await unratedJob("2026-12-09T07:00:00Z", "2026-12-09T15:00:00Z", {
      branchId: await branch(),
    });
    const elsewhere = await branch();
    const ole = await k.worker([w.skill]);
    await rate({ branchId: elsewhere, userId: ole });
    expect((await appErrorOf(book(w.pm, ole, s))).type).toBe("missing_rates");
  });

  it("an office booker requesting a worker is asked (accepting takes the place unasked), by POST and by a status change", async () => {
    const s = await unratedJob("2026-12-09T07:00:00Z", "2026-12-09T15:00:00Z");
    const ole = await k.worker([w.skill], [], "Ole Requested");
    const err = await appErrorOf(book(w.pm, ole, s, { status: "Requested" }));
    expect([err.status, err.type]).toEqual([410, "missing_rates"]);
    expect(err.message).toBe(
      "There is no worker rate for Ole Requested as Stagehand on this job. Request anyway?",
    );
    expect(await placesOf(ole)).toEqual([]);
    const [req] = await book(w.pm, ole, s, { status: "Requested", book_anyway: true });
    expect(req).toMatchObject({ status: "Requested", book_anyway: true });

    // Reserve → Requested through PUT applications/{id}: asked the same way, nothing changed.
    const bo = await k.worker([w.skill]);
    const [held] = await book(w.pm, bo, s, { status: "Reserve" });
    const pm = await k.ctx(w.pm);
    const again = await appErrorOf(changeApplicationStatus(pm, held.id, { status: "Requested" }));
    expect([again.status, again.type]).toEqual([410, "missing_rates"]);
    expect(again.message).toMatch(/Request anyway\?$/);
    expect(await applicationStatus(db, held.id)).toBe("Reserve");
    const ok = await changeApplicationStatus(pm, held.id, {
      status: "Requested",
      book_anyway: true,
    });
    expect(ok.application).toMatchObject({ status: "Requested", book_anyway: true });

    // With a rate on the job the request goes through unasked.
    await rate({ jobId: s.jobId });
    const cy = await k.worker([w.skill]);
    expect((await book(w.pm, cy, s, { status: "Requested" }))[0]).toMatchObject({
      status: "Requested",
      book_anyway: false,
    });
  });

  it("Reserve holds no position and is not asked, nor a client contact's request; a worker applying is not stopped", async () => {
    const s = await unratedJob("2026-12-09T07:00:00Z", "2026-12-09T15:00:00Z");
    const reserve = await k.worker([w.skill]);
    expect((await book(w.pm, reserve, s, { status: "Reserve" }))[0].status).toBe("Reserve");
    const requested = await k.worker([w.skill]);
    expect((await book(w.colEditorA, requested, s, { status: "Requested" }))[0].status).toBe(
      "Requested",
    );
    const applicant = await k.worker([w.skill]);
    const [applied] = await bookApplications(await k.ctx(applicant), {
      assignee_id: applicant,
      shift_slots: [s.slotId],
      status: "Applied",
    });
    expect(applied.status).toBe("Applied");
  });

  it("rest time is asked first, then the rate; each flag answers only its own warning", async () => {
    const s = await unratedJob("2026-12-15T07:00:00Z", "2026-12-15T15:00:00Z");
    const evening = await k.oneShiftJob("2026-12-14T18:00:00Z", "2026-12-15T01:00:00Z", 2);
    const ole = await k.worker([w.skill], [], "Ole Rest");
    await k.book(w.pm, ole, evening); // rated: books at once
    const rest = await appErrorOf(book(w.pm, ole, s));
    expect([rest.status, rest.type]).toEqual([410, "rest_time"]);
    // book_anyway does not answer the rest-time question.
    expect((await appErrorOf(book(w.pm, ole, s, { book_anyway: true }))).type).toBe("rest_time");
    // closely answers rest time only: the rate is asked next.
    const rates = await appErrorOf(book(w.pm, ole, s, { closely: true }));
    expect([rates.status, rates.type]).toEqual([410, "missing_rates"]);
    expect(await k.filledOf(s.slotId)).toBe(0);
    const [app] = await book(w.pm, ole, s, { closely: true, book_anyway: true });
    expect(app).toMatchObject({ status: "Booked", closely: true, book_anyway: true });
  });

  it("a missing skill and a missing rate are one question, answered by one book_anyway", async () => {
    const s = await unratedJob("2026-12-09T07:00:00Z", "2026-12-09T15:00:00Z");
    const ole = await k.worker([w.skill3], [], "Ole Unskilled");
    const err = await appErrorOf(book(w.pm, ole, s));
    expect(err.type).toBe("missing_skill");
    expect(err.message).toBe(
      "Ole Unskilled does not have the skill Stagehand. There is no worker rate for them as Stagehand on this job either. Book anyway?",
    );
    expect((await book(w.pm, ole, s, { book_anyway: true }))[0].status).toBe("Booked");
  });

  it("a booker setting a request or a reserve to Booked is asked; the worker accepting a request is not", async () => {
    const s = await unratedJob("2026-12-09T07:00:00Z", "2026-12-09T15:00:00Z");
    const pm = await k.ctx(w.pm);
    for (const from of ["Requested", "Reserve"]) {
      const a = await k.worker([w.skill]);
      // (Requesting was asked already: book_anyway answers it; Booked asks again.)
      const [held] = await book(w.pm, a, s, { status: from, book_anyway: from === "Requested" });
      const err = await appErrorOf(changeApplicationStatus(pm, held.id, { status: "Booked" }));
      expect([err.status, err.type]).toEqual([410, "missing_rates"]);
      expect(await applicationStatus(db, held.id)).toBe(from);
      const ok = await changeApplicationStatus(pm, held.id, {
        status: "Booked",
        book_anyway: true,
      });
      expect(ok.application).toMatchObject({ status: "Booked", book_anyway: true });
    }

    // The worker answers a client contact's request: nobody is asked about the rate (a client
    // contact never is; the job projection names the missing rate).
    const b = await k.worker([w.skill]);
    const [req] = await book(w.colEditorA, b, s, { status: "Requested" });
    const answer = await changeApplicationStatus(await k.ctx(b), req.id, {
      status: "Request accepted",
    });
    expect(answer.application.status).toBe("Request accepted");
  });
});
