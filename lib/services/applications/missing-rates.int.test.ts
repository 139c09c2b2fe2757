import { describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { schema, type Db, type DbHandle } from "@/db";
import { applicationStatus, applyOn, insertJob, type JobWorld } from "@/lib/testing/jobs-fixtures";
import { bookingKit, bookingSuite } from "@/lib/testing/booking-fixtures";
import { appErrorOf } from "@/lib/testing/app-error";
import { countingDb } from "@/lib/testing/counting-db";
import { ctxFor } from "@/lib/testing/fixtures";
import {
  bookAllApplicants,
  bookApplications,
  bookMissingRates,
  changeApplication,
  changeApplicationStatus,
  checkHasRate,
} from ".";

let handle: DbHandle;
let db: Db;
let w: JobWorld;
let k: ReturnType<typeof bookingKit>;
const NOW = new Date("2026-12-07T11:00:00Z");

bookingSuite(NOW, (s) => ({ handle, db, w, k } = s));

let seq = 0;
/** A one-shift Stagehand job with no worker rate at all (and the branch it books from, if any). */
async function unratedJob(start: string, end: string, opts: { branchId?: number } = {}) {
  const job = await insertJob(db, {
    name: `Unrated ${++seq}`,
    companyId: w.companyA,
    countryId: w.countryId,
    workerRates: false,
    shifts: [
      {
        startsAt: new Date(start),
        endsAt: new Date(end),
        slots: [
          { skillId: w.skill, positions: 8 },
          { skillId: w.skill2, positions: 8 },
        ],
      },
    ],
  });
  if (opts.branchId)
    await db.insert(schema.jobBranches).values({ jobId: job.id, branchId: opts.branchId });
  const [slot, slot2] = job.shifts[0].slots;
  return { jobId: job.id, shiftId: job.shifts[0].id, slotId: slot.id, slot2Id: slot2.id };
}

async function branch(): Promise<number> {
  const [b] = await db
    .insert(schema.branches)
    .values({ name: `Branch ${++seq}`, countryId: w.countryId })
    .returning({ id: schema.branches.id });
  return b.id;
}

async function level(): Promise<number> {
  const [l] = await db
    .insert(schema.levels)
    .values({ name: `Level ${++seq}` })
    .returning({ id: schema.levels.id });
  return l.id;
}

const rate = (values: Partial<typeof schema.workerRates.$inferInsert>) =>
  db.insert(schema.workerRates).values({
    skillId: w.skill,
    currencyCode: "DKK",
    amount: 17500,
    ...values,
  });

const placesOf = (workerId: number) =>
  db.select().from(schema.applications).where(eq(schema.applications.assigneeId, workerId));

const logsOf = (workerId: number) =>
  db
    .select({ id: schema.activityLog.id })
    .from(schema.activityLog)
    .innerJoin(schema.applications, eq(schema.applications.id, schema.activityLog.subjectId))
    .where(
      and(
        eq(schema.activityLog.logName, "applications"),
        eq(schema.applications.assigneeId, workerId),
      ),
    );

const book = (
  booker: number,
  worker: number,
  s: { shiftId: number; slotId: number },
  extra: Record<string, unknown> = {},
) => k.book(booker, worker, s, extra);

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
    const err = await appErrorOf(
      bookMissingRates(await k.ctx(ole), { ...body, status: "Applied" }),
    );
    expect(err.status).toBe(422);
    const other = await k.worker([w.skill]);
    const denied = await appErrorOf(
      bookMissingRates(await k.ctx(w.worker), { ...body, assignee_id: other }),
    );
    expect(denied.status).toBe(403);
    expect(await placesOf(other)).toEqual([]);
    expect(await logsOf(other)).toEqual([]);
  });
});
