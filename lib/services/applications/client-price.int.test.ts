import { describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { schema, type Db } from "@/db";
import {
  applicationStatus,
  applyOn,
  insertJob,
  jobClientRates,
  type JobWorld,
} from "@/lib/testing/jobs-fixtures";
import { bookingKit, bookingSuite } from "@/lib/testing/booking-fixtures";
import { appErrorOf } from "@/lib/testing/app-error";
import { issueApiToken } from "@/lib/services/auth/tokens";
import { callRoute } from "@/lib/testing/route-request";
import * as bookApplicantsRoute from "@/app/api/v2/shift-slots/[id]/book-applicants/route";
import * as applicationsRoute from "@/app/api/v2/applications/route";
import { bookAllApplicants, changeApplication, changeApplicationStatus } from ".";

/**
 * Booking onto a skill the client pays nothing for (issue 23): the booking asks first, naming
 * the skill, the client and the rate card's branch (410 missing_client_price, details for a link
 * to the card), writes nothing until repeated with book_anyway, and is asked on every path that
 * puts a worker on a place: book, request, a status change, a move, book all.
 */
let db: Db;
let w: JobWorld;
let k: ReturnType<typeof bookingKit>;
const NOW = new Date("2026-12-07T11:00:00Z");

bookingSuite(NOW, (s) => ({ db, w, k } = s));

let seq = 0;
/** A one-shift job with a Stagehand and a Rigger slot, priced at its own branch's card. */
async function pricedJob(opts: { branch?: boolean } = {}) {
  const day = String(9 + (seq++ % 15)).padStart(2, "0");
  const job = await insertJob(db, {
    name: `Gala ${seq}`,
    companyId: w.companyA,
    countryId: w.countryId,
    shifts: [
      {
        startsAt: new Date(`2026-12-${day}T07:00:00Z`),
        endsAt: new Date(`2026-12-${day}T15:00:00Z`),
        slots: [
          { skillId: w.skill, positions: 4 },
          { skillId: w.skill2, positions: 4 },
        ],
      },
    ],
  });
  let branchId: number | null = null;
  if (opts.branch !== false) {
    const [b] = await db
      .insert(schema.branches)
      .values({ name: `Aarhus ${seq}`, countryId: w.countryId })
      .returning({ id: schema.branches.id });
    branchId = b.id;
    await db.insert(schema.jobBranches).values({ jobId: job.id, branchId });
    // The card prices Stagehand only.
    await db.insert(schema.clientRates).values({
      companyId: w.companyA,
      branchId,
      skillId: w.skill,
      currencyCode: "DKK",
      standardPrice: 30000,
    });
  }
  const [stagehand, rigger] = job.shifts[0].slots;
  const shiftId = job.shifts[0].id;
  return {
    jobId: job.id,
    branchId,
    branchName: `Aarhus ${seq}`,
    stagehand: { shiftId, slotId: stagehand.id },
    rigger: { shiftId, slotId: rigger.id },
  };
}

const placesOf = (workerId: number) =>
  db.select().from(schema.applications).where(eq(schema.applications.assigneeId, workerId));

const applicationLogs = async () =>
  (
    await db
      .select({ id: schema.activityLog.id })
      .from(schema.activityLog)
      .where(eq(schema.activityLog.logName, "applications"))
  ).length;

describe("booking onto a skill with no client price", () => {
  it("asks first, naming the skill, the client and the card's branch; writes nothing; Book anyway books", async () => {
    const job = await pricedJob();
    const ida = await k.worker([w.skill, w.skill2], [], "Ida Pedersen");
    const logs = await applicationLogs();

    const err = await appErrorOf(k.book(w.pm, ida, job.rigger));
    expect([err.status, err.type]).toEqual([410, "missing_client_price"]);
    expect(err.message).toBe(
      `Company A has no client price for Rigger at ${job.branchName}, so its hours on this job are billed at nothing. Book anyway?`,
    );
    expect(err.details).toEqual({
      client_price: {
        job_id: job.jobId,
        skill_id: w.skill2,
        skill_name: "Rigger",
        company_id: w.companyA,
        company_name: "Company A",
        branch_id: job.branchId,
        branch_name: job.branchName,
      },
    });
    expect(await placesOf(ida)).toEqual([]);
    expect(await applicationLogs()).toBe(logs);

    const [app] = await k.book(w.pm, ida, job.rigger, { book_anyway: true });
    expect(app).toMatchObject({ status: "Booked", book_anyway: true });
    expect(await applicationLogs()).toBe(logs + 1);
  });

  it("books without asking where the skill is priced: the card, the job's own row, the parent skill's card", async () => {
    const job = await pricedJob();
    // The card's Stagehand row.
    const [a] = await k.book(w.pm, await k.worker([w.skill]), job.stagehand);
    expect(a).toMatchObject({ status: "Booked", book_anyway: false });
    // The job's own row for Rigger.
    await jobClientRates(db, job.jobId, [w.skill2]);
    const [b] = await k.book(w.pm, await k.worker([w.skill2]), job.rigger);
    expect(b).toMatchObject({ status: "Booked", book_anyway: false });

    // A parent-skill row on the card prices its sub-skills.
    const other = await pricedJob();
    const [{ parentId }] = await db
      .select({ parentId: schema.skills.parentId })
      .from(schema.skills)
      .where(eq(schema.skills.id, w.skill2));
    await db.insert(schema.clientRates).values({
      companyId: w.companyA,
      branchId: other.branchId!,
      skillId: parentId!,
      currencyCode: "DKK",
      standardPrice: 28000,
    });
    const [c] = await k.book(w.pm, await k.worker([w.skill2]), other.rigger);
    expect(c.status).toBe("Booked");
  });

  it("a job with no branch to price it says so", async () => {
    const job = await pricedJob({ branch: false });
    const err = await appErrorOf(k.book(w.crewHandler, await k.worker([w.skill]), job.stagehand));
    expect([err.status, err.type]).toEqual([410, "missing_client_price"]);
    expect(err.message).toBe(
      "Company A has no client price for Stagehand on this job (the job has no branch to price it), so its hours are billed at nothing. Book anyway?",
    );
  });

  it("a card at another of the job's branches does not price it: only the pricing branch's does", async () => {
    const job = await pricedJob();
    // The job's second branch (a higher id: the first stays the pricing branch) prices Rigger.
    const [other] = await db
      .insert(schema.branches)
      .values({ name: `Odense ${seq}`, countryId: w.countryId })
      .returning({ id: schema.branches.id });
    await db.insert(schema.jobBranches).values({ jobId: job.jobId, branchId: other.id });
    await db.insert(schema.clientRates).values({
      companyId: w.companyA,
      branchId: other.id,
      skillId: w.skill2,
      currencyCode: "DKK",
      standardPrice: 30000,
    });
    const err = await appErrorOf(k.book(w.pm, await k.worker([w.skill2]), job.rigger));
    expect([err.status, err.type]).toEqual([410, "missing_client_price"]);
    expect(err.message).toBe(
      `Company A has no client price for Rigger at ${job.branchName}, so its hours on this job are billed at nothing. Book anyway?`,
    );
  });

  it("one question names every gap, so one Book anyway answers the skill and the price together", async () => {
    const job = await pricedJob();
    const bo = await k.worker([w.skill], [], "Bo Nielsen");
    const err = await appErrorOf(k.book(w.pm, bo, job.rigger));
    expect([err.status, err.type]).toEqual([410, "missing_skill"]);
    expect(err.message).toBe(
      `Bo Nielsen does not have the skill Rigger. Company A has no client price for Rigger at ${job.branchName}, so its hours on this job are billed at nothing. Book anyway?`,
    );
    expect((err.details as { client_price: { skill_id: number } }).client_price.skill_id).toBe(
      w.skill2,
    );
    expect(await placesOf(bo)).toEqual([]);
    const [app] = await k.book(w.pm, bo, job.rigger, { book_anyway: true });
    expect(app.status).toBe("Booked");
  });

  it("asks a request ('Request anyway?'), not a reserve; a client contact who books is never asked", async () => {
    const job = await pricedJob();
    const req = await k.worker([w.skill2]);
    const err = await appErrorOf(k.book(w.pm, req, job.rigger, { status: "Requested" }));
    expect(err.type).toBe("missing_client_price");
    expect(err.message).toMatch(/billed at nothing\. Request anyway\?$/);
    expect(await placesOf(req)).toEqual([]);

    const [reserve] = await k.book(w.pm, await k.worker([w.skill2]), job.rigger, {
      status: "Reserve",
    });
    expect(reserve.status).toBe("Reserve");

    const [col] = await k.book(w.colEditorA, await k.worker([w.skill2]), job.rigger);
    expect(col).toMatchObject({ status: "Booked", book_anyway: false });
  });

  it("asks when a status change books a reserve, and when a move puts a place on the unpriced skill", async () => {
    const job = await pricedJob();
    const pm = await k.ctx(w.pm);
    const [reserve] = await k.book(w.pm, await k.worker([w.skill2]), job.rigger, {
      status: "Reserve",
    });
    const err = await appErrorOf(changeApplicationStatus(pm, reserve.id, { status: "Booked" }));
    expect([err.status, err.type]).toEqual([410, "missing_client_price"]);
    expect(await applicationStatus(db, reserve.id)).toBe("Reserve");
    await changeApplicationStatus(pm, reserve.id, { status: "Booked", book_anyway: true });
    expect(await applicationStatus(db, reserve.id)).toBe("Booked");

    const mover = await k.worker([w.skill, w.skill2]);
    const [held] = await k.book(w.pm, mover, job.stagehand);
    const move = await appErrorOf(
      changeApplication(pm, { application_id: held.id, shift_slot_id: job.rigger.slotId }),
    );
    expect([move.status, move.type]).toEqual([410, "missing_client_price"]);
    expect(move.message).toMatch(/billed at nothing\. Move anyway\?$/);
    const [still] = await placesOf(mover);
    expect(still.shiftSlotId).toBe(job.stagehand.slotId);
  });
});

describe("book all applicants onto a skill with no client price", () => {
  it("asks once before anyone is booked, and books them when repeated with book_anyway", async () => {
    const job = await pricedJob();
    const a = await applyOn(db, job.rigger.slotId, await k.worker([w.skill2]), "Applied");
    const b = await applyOn(db, job.rigger.slotId, await k.worker([w.skill2]), "Applied");
    const logs = await applicationLogs();
    const pm = await k.ctx(w.pm);

    const err = await appErrorOf(bookAllApplicants(pm, job.rigger.slotId));
    expect([err.status, err.type]).toEqual([410, "missing_client_price"]);
    expect(err.message).toBe(
      `Company A has no client price for Rigger at ${job.branchName}, so its hours on this job are billed at nothing. Book the applicants anyway?`,
    );
    expect([await applicationStatus(db, a), await applicationStatus(db, b)]).toEqual([
      "Applied",
      "Applied",
    ]);
    expect(await applicationLogs()).toBe(logs);

    const res = await bookAllApplicants(pm, job.rigger.slotId, { book_anyway: true });
    expect(res.message).toBe("Booked 2 applicants.");
    const rows = await db
      .select({ bookAnyway: schema.applications.bookAnyway })
      .from(schema.applications)
      .where(
        and(
          eq(schema.applications.shiftSlotId, job.rigger.slotId),
          eq(schema.applications.status, "Booked"),
        ),
      );
    expect(rows).toEqual([{ bookAnyway: true }, { bookAnyway: true }]);
  });

  it("a priced slot, or one with no applicants, is not asked about", async () => {
    const job = await pricedJob();
    const pm = await k.ctx(w.pm);
    expect((await bookAllApplicants(pm, job.rigger.slotId)).message).toBe(
      "There are no applicants to book on this slot.",
    );
    await applyOn(db, job.stagehand.slotId, await k.worker([w.skill]), "Applied");
    expect((await bookAllApplicants(pm, job.stagehand.slotId)).message).toBe("Booked 1 applicant.");
  });

  it("REST: 410 with the gap in details, then 200 with book_anyway; bad input is 422", async () => {
    const job = await pricedJob();
    await applyOn(db, job.rigger.slotId, await k.worker([w.skill2]), "Applied");
    const token = (await issueApiToken(db, w.pm, new Date())).access_token;
    const path = `shift-slots/${job.rigger.slotId}/book-applicants`;
    const params = { id: String(job.rigger.slotId) };

    const asked = await callRoute(bookApplicantsRoute.POST, path, {
      method: "POST",
      token,
      params,
    });
    expect(asked.status).toBe(410);
    expect(asked.body).toMatchObject({
      type: "missing_client_price",
      details: { client_price: { skill_name: "Rigger", branch_id: job.branchId } },
    });
    const bad = await callRoute(bookApplicantsRoute.POST, path, {
      method: "POST",
      token,
      params,
      json: { book_anyway: { yes: 1 } },
    });
    expect(bad.status).toBe(422);
    const ok = await callRoute(bookApplicantsRoute.POST, path, {
      method: "POST",
      token,
      params,
      json: { book_anyway: true },
    });
    expect(ok.status).toBe(200);
    expect((ok.body as { data: { message: string } }).data.message).toBe("Booked 1 applicant.");
  });

  it("REST: POST applications answers 410 missing_client_price and books with book_anyway", async () => {
    const job = await pricedJob();
    const worker = await k.worker([w.skill2]);
    const token = (await issueApiToken(db, w.pm, new Date())).access_token;
    const body = {
      assignee_id: worker,
      shiftIds: [job.rigger.shiftId],
      shift_slots: [job.rigger.slotId],
      status: "Booked",
    };
    const asked = await callRoute(applicationsRoute.POST, "applications", {
      method: "POST",
      token,
      json: body,
    });
    expect(asked.status).toBe(410);
    expect(asked.body).toMatchObject({ type: "missing_client_price" });
    expect(await placesOf(worker)).toEqual([]);
    const booked = await callRoute(applicationsRoute.POST, "applications", {
      method: "POST",
      token,
      json: { ...body, book_anyway: true },
    });
    expect([200, 201]).toContain(booked.status);
    expect((await placesOf(worker))[0].status).toBe("Booked");
  });
});
