import { describe, expect, it } from "vitest";
import { applicationStatus, applyOn } from "@/lib/testing/jobs-fixtures";
import { appErrorOf } from "@/lib/testing/app-error";
import { countingDb } from "@/lib/testing/counting-db";
import { ctxFor } from "@/lib/testing/fixtures";
import { bookAllApplicants, bookMissingRates, changeApplication, checkHasRate } from ".";
import {
  NOW,
  book,
  db,
  handle,
  k,
  logsOf,
  placesOf,
  rate,
  setUpMissingRates,
  unratedJob,
  w,
} from "./missing-rates.test-support";

setUpMissingRates();

describe("missing worker rates when moving and booking all", () => {
  it("moving a booked worker onto a slot without their rate asks Move anyway?", async () => {
    const s = await unratedJob("2026-12-09T07:00:00Z", "2026-12-09T15:00:00Z");
    const ole = await k.worker([w.skill, w.skill2], [], "Ole Mover");
    await rate({ jobId: s.jobId, userId: ole }); // a rate as Stagehand only
    const [app] = await book(w.pm, ole, s);
    const pm = await k.ctx(w.pm);
    const err = await appErrorOf(
      changeApplication(pm, { application_id: app.id, shift_slot_id: s.slot2Id }),
    );
    expect([err.status, err.type]).toEqual([410, "missing_rates"]);
    expect(err.message).toBe(
      "There is no worker rate for Ole Mover as Rigger on this job. Move anyway?",
    );
    const moved = await changeApplication(pm, {
      application_id: app.id,
      shift_slot_id: s.slot2Id,
      book_anyway: true,
    });
    expect(moved.application).toMatchObject({ book_anyway: true });
  });

  it("book all applicants leaves the one without a rate Applied, with the reason", async () => {
    const s = await unratedJob("2026-12-10T07:00:00Z", "2026-12-10T15:00:00Z");
    const apply = async (name: string, rated: boolean) => {
      const worker = await k.worker([w.skill], [], name);
      if (rated) await rate({ jobId: s.jobId, userId: worker });
      return { worker, id: await applyOn(db, s.slotId, worker, "Applied") };
    };
    const first = await apply("Ann Rated", true);
    const missing = await apply("Bo Unrated", false);
    const last = await apply("Cy Rated", true);
    const res = await bookAllApplicants(await k.ctx(w.crewHandler), s.slotId);
    expect(res.booked.map((b) => b.application_id)).toEqual([first.id, last.id]);
    expect(res.not_booked).toEqual([
      {
        application_id: missing.id,
        worker: { id: missing.worker, name: "Bo Unrated" },
        reason: "There is no worker rate for Bo Unrated as Stagehand on this job.",
      },
    ]);
    expect(await applicationStatus(db, missing.id)).toBe("Applied");
    expect(res.message).toBe("Booked 2 of 3 applicants.");
  });

  it("book all reads the worker rates once, however many applicants", async () => {
    const rateReads = async (applicants: number) => {
      const s = await unratedJob("2026-12-11T07:00:00Z", "2026-12-11T15:00:00Z");
      await rate({ jobId: s.jobId });
      for (let i = 0; i < applicants; i++)
        await applyOn(db, s.slotId, await k.worker([w.skill]), "Applied");
      const counting = countingDb(handle);
      const ctx = await ctxFor(counting.db, w.pm, { now: NOW });
      counting.reset();
      const res = await bookAllApplicants(ctx, s.slotId);
      expect(res.booked).toHaveLength(applicants);
      return counting.sent().filter((q) => /from "worker_rates"/.test(q)).length;
    };
    expect(await rateReads(1)).toBe(1);
    expect(await rateReads(3)).toBe(1);
  });
});

describe("POST jobs/check-has-rate (checkHasRate)", () => {
  it("answers whether the worker has a rate, with the rate for office users", async () => {
    const s = await unratedJob("2026-12-09T07:00:00Z", "2026-12-09T15:00:00Z");
    const ole = await k.worker([w.skill]);
    const q = { job_id: s.jobId, skill_id: w.skill, assignee_id: ole };
    expect(await checkHasRate(await k.ctx(w.pm), q)).toEqual({ has_rate: false });
    const [row] = await rate({ jobId: s.jobId, userId: ole, weekendAmount: 21000 }).returning();
    for (const who of [w.admin, w.pm, w.crewHandler])
      expect(await checkHasRate(await k.ctx(who), q)).toEqual({
        has_rate: true,
        rate: {
          id: row.id,
          skill_id: w.skill,
          source: "job-user",
          currency_code: "DKK",
          amount: 17500,
          weekend_amount: 21000,
          night_amount: null,
          night_start: null,
          night_end: null,
        },
      });
    // A client contact who may book learns only that there is a rate: worker pay is not theirs.
    expect(await checkHasRate(await k.ctx(w.colEditorA), q)).toEqual({ has_rate: true });
  });

  it("refuses those who may not book (403) and hides other companies' jobs (404)", async () => {
    const s = await unratedJob("2026-12-09T07:00:00Z", "2026-12-09T15:00:00Z");
    const ole = await k.worker([w.skill]);
    const q = { job_id: s.jobId, skill_id: w.skill, assignee_id: ole };
    expect((await appErrorOf(checkHasRate(await k.ctx(w.worker), q))).status).toBe(403);
    expect((await appErrorOf(checkHasRate(await k.ctx(w.colA), q))).status).toBe(403);
    expect((await appErrorOf(checkHasRate(await k.ctx(w.colEditorB), q))).status).toBe(404);
    const pm = await k.ctx(w.pm);
    expect((await appErrorOf(checkHasRate(pm, { ...q, job_id: 99_999 }))).status).toBe(404);
    expect((await appErrorOf(checkHasRate(pm, { ...q, skill_id: 99_999 }))).status).toBe(404);
    expect((await appErrorOf(checkHasRate(pm, { ...q, assignee_id: 99_999 }))).status).toBe(404);
    const bad = await appErrorOf(checkHasRate(pm, { job_id: "x", skill_id: w.skill }));
    expect(bad.status).toBe(422);
  });
});

describe("POST rates/missing-rates-book (bookMissingRates)", () => {
  it("is the booking call with book_anyway set; applying is not a booking", async () => {
    const s = await unratedJob("2026-12-09T07:00:00Z", "2026-12-09T15:00:00Z");
    const ole = await k.worker([w.skill]);
    const body = { assignee_id: ole, shift_slots: [s.slotId], status: "Booked" };
    const [app] = await bookMissingRates(await k.ctx(w.pm), body);
    expect(app).toMatchObject({ status: "Booked", book_anyway: true });
    // Applying through it: the booker is told to choose a booking status (422); a worker may
    // not use it at all, so it is refused before its body is read (403, issue 27).
    const err = await appErrorOf(
      bookMissingRates(await k.ctx(w.pm), { ...body, status: "Applied" }),
    );
    expect(err.status).toBe(422);
    expect(err.message).toBe("Book anyway books a worker; choose Booked, Reserve or Requested.");
    const worker = await appErrorOf(
      bookMissingRates(await k.ctx(ole), { ...body, status: "Applied" }),
    );
    expect(worker.status).toBe(403);
    expect((await appErrorOf(bookMissingRates(await k.ctx(ole), {}))).status).toBe(403);
    const other = await k.worker([w.skill]);
    const denied = await appErrorOf(
      bookMissingRates(await k.ctx(w.worker), { ...body, assignee_id: other }),
    );
    expect(denied.status).toBe(403);
    expect(await placesOf(other)).toEqual([]);
    expect(await logsOf(other)).toEqual([]);
  });
});
