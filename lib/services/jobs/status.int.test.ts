import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { schema, type DbHandle } from "@/db";
import {
  isReopening,
  MANUAL_TRANSITIONS,
  needsInvoiceReference,
  statusChangeSentence,
} from "@/lib/domain/job-status";
import { JOB_STATUSES, type JobStatus } from "@/lib/domain/statuses";
import { testDatabase } from "@/lib/testing/db";
import { ctxFor } from "@/lib/testing/fixtures";
import { appErrorOf } from "@/lib/testing/app-error";
import {
  applyOn,
  createJobWorld,
  insertJob,
  jobRow,
  jobSnapshot,
  type JobWorld,
} from "@/lib/testing/jobs-fixtures";
import { bookedCrewCount, changeJobReason, changeJobStatus, deleteJob } from "./status";
import { listJobs } from "./list";
import { fetchJobForView } from "./view";

const now = new Date("2026-11-22T09:00:00Z");
let handle: DbHandle;
let w: JobWorld;

beforeAll(async () => {
  handle = await testDatabase();
  w = await createJobWorld(handle.db);
});
afterAll(async () => handle.close());

const ctxOf = (userId: number) => ctxFor(handle.db, userId, { now });
const day = (d: number, h: number) => new Date(Date.UTC(2026, 11, d, h));

async function job(
  status: JobStatus = "Published",
  over: { companyId?: number; name?: string; reason?: string | null } = {},
) {
  return insertJob(handle.db, {
    name: over.name ?? `Job ${status}`,
    companyId: over.companyId ?? w.companyA,
    countryId: w.countryId,
    status,
    reason: over.reason,
    shifts: [
      { startsAt: day(1, 7), endsAt: day(1, 15), slots: [{ skillId: w.skill, positions: 2 }] },
    ],
  });
}

describe("changeJobStatus", () => {
  const allowed = Object.entries(MANUAL_TRANSITIONS).flatMap(([from, tos]) =>
    tos.map((to) => [from as JobStatus, to] as const),
  );

  it("covers the manual transitions the product offers", () => {
    expect(allowed).toHaveLength(11);
    expect(allowed).toContainEqual(["Draft", "Published"]);
    expect(allowed).toContainEqual(["Published", "Cancelled"]);
    expect(allowed).toContainEqual(["Approved", "Invoiced"]);
    expect(allowed).toContainEqual(["Invoiced", "Paid"]);
  });

  it.each(allowed)("allows %s → %s and logs it", async (from, to) => {
    const j = await job(from);
    const reopening = isReopening(from, to);
    const reason = to === "Cancelled" || reopening ? "Client called it off" : undefined;
    const invoice_reference = needsInvoiceReference(from, to) ? "INV-1" : undefined;
    const result = await changeJobStatus(await ctxOf(w.pm), j.id, to, {
      reason,
      invoice_reference,
    });
    expect(result).toEqual({ id: j.id, status: to, reason: reopening ? null : (reason ?? null) });
    const row = await jobRow(handle.db, j.id);
    expect(row.status).toBe(to);
    const log = await handle.db
      .select()
      .from(schema.activityLog)
      .where(
        and(eq(schema.activityLog.subjectType, "jobs"), eq(schema.activityLog.subjectId, j.id)),
      );
    expect(log).toHaveLength(1);
    expect(log[0].description).toBe(
      statusChangeSentence(`Job ${from}`, from, to, { reason, invoiceReference: "INV-1" }),
    );
    if (!reopening && to !== "Invoiced" && to !== "Paid")
      expect(log[0].description).toBe(`Changed status of Job ${from} from ${from} to ${to}`);
    expect(log[0].causerId).toBe(w.pm);
  });

  it("refuses illegal transitions with 409 illegal_transition naming the allowed ones", async () => {
    const cases: [JobStatus, JobStatus, string][] = [
      [
        "Draft",
        "Paid",
        "A job that is Draft cannot be set to Paid. Allowed: Published, Cancelled.",
      ],
      [
        "Published",
        "Report!",
        "A job that is Published cannot be set to Report!. Allowed: Draft, Cancelled.",
      ],
      ["Cancelled", "Draft", "A job that is Cancelled cannot be set to Draft. Allowed: Published."],
      ["Paid", "Published", "A job that is Paid cannot be set to Published. Allowed: Invoiced."],
      [
        "Approved",
        "Cancelled",
        "A job that is Approved cannot be set to Cancelled. Allowed: Invoiced.",
      ],
    ];
    for (const [from, to, message] of cases) {
      const j = await job(from);
      const err = await appErrorOf(
        changeJobStatus(await ctxOf(w.pm), j.id, to, { reason: "because" }),
      );
      expect(err.status).toBe(409);
      expect(err.type).toBe("illegal_transition");
      expect(err.message).toBe(message);
      expect((await jobRow(handle.db, j.id)).status).toBe(from);
    }
  });

  it("refuses every other pair and leaves the job as it was", async () => {
    const ctx = await ctxOf(w.admin);
    for (const from of JOB_STATUSES) {
      const j = await job(from);
      for (const to of JOB_STATUSES) {
        if (to === from || MANUAL_TRANSITIONS[from].includes(to)) continue;
        const err = await appErrorOf(changeJobStatus(ctx, j.id, to, { reason: "x" }));
        expect(err.status, `${from} → ${to}`).toBe(409);
      }
      expect((await jobRow(handle.db, j.id)).status).toBe(from);
    }
  });

  it("needs a reason to cancel (422), and stores the reason given", async () => {
    const j = await job("Published");
    for (const body of [{}, { reason: "   " }, undefined]) {
      const err = await appErrorOf(changeJobStatus(await ctxOf(w.pm), j.id, "Cancelled", body));
      expect(err.status).toBe(422);
      expect(err.errors?.reason).toEqual(["Please give a reason for cancelling the job."]);
    }
    expect((await jobRow(handle.db, j.id)).status).toBe("Published");
    await changeJobStatus(await ctxOf(w.pm), j.id, "cancelled", { reason: " Storm warning " });
    const row = await jobRow(handle.db, j.id);
    expect(row.status).toBe("Cancelled");
    expect(row.reason).toBe("Storm warning");
    const tooLong = await appErrorOf(
      changeJobStatus(await ctxOf(w.pm), j.id, "Published", { reason: "x".repeat(2001) }),
    );
    expect(tooLong.status).toBe(422);
  });

  it("accepts the lower-case slug of a status", async () => {
    const draft = await job("Draft");
    expect((await changeJobStatus(await ctxOf(w.pm), draft.id, "published", {})).status).toBe(
      "Published",
    );
    const invoiced = await job("Invoiced");
    expect((await changeJobStatus(await ctxOf(w.pm), invoiced.id, "PAID", {})).status).toBe("Paid");
    // "report" is the slug of Report!: a no-op on a job already in Report!, illegal from Published.
    const report = await job("Report!");
    expect(await changeJobStatus(await ctxOf(w.pm), report.id, "report", {})).toEqual({
      id: report.id,
      status: "Report!",
      reason: null,
    });
    const published = await job("Published");
    const err = await appErrorOf(changeJobStatus(await ctxOf(w.pm), published.id, "report", {}));
    expect(err.status).toBe(409);
    expect(err.message).toContain("cannot be set to Report!");
  });

  it("refuses an unknown status with 422", async () => {
    const j = await job("Published");
    for (const status of ["bogus", "", "Published!!x", 5, null]) {
      const err = await appErrorOf(changeJobStatus(await ctxOf(w.pm), j.id, status, {}));
      expect(err.status, String(status)).toBe(422);
      expect(err.message).toBe(`Unknown status. Use one of: ${JOB_STATUSES.join(", ")}.`);
    }
  });

  // Bug: the status path parameter goes through decodeURIComponent again, which throws a
  // URIError (a 500) on a value holding a lone "%" instead of answering 422 unknown status.
  it("refuses a status holding a lone % with 422, not a raw URIError", async () => {
    const j = await job("Published");
    const err = await appErrorOf(changeJobStatus(await ctxOf(w.pm), j.id, "100%", {}));
    expect(err.status).toBe(422);
  });

  it("scopes and guards: worker 403, client contact without job_edit 403, another company 404", async () => {
    const j = await job("Published");
    const before = await jobSnapshot(handle.db, j.id);
    for (const who of [w.worker, w.colA, w.crewHandler]) {
      const err = await appErrorOf(changeJobStatus(await ctxOf(who), j.id, "Draft", {}));
      expect(err.status).toBe(403);
    }
    const err = await appErrorOf(changeJobStatus(await ctxOf(w.colEditorB), j.id, "Draft", {}));
    expect(err.status).toBe(404);
    expect(await jobSnapshot(handle.db, j.id)).toEqual(before);
    await changeJobStatus(await ctxOf(w.colEditorA), j.id, "Draft", {});
    expect((await jobRow(handle.db, j.id)).status).toBe("Draft");
    expect(
      (await appErrorOf(changeJobStatus(await ctxOf(w.pm), 99_999_999, "Draft", {}))).status,
    ).toBe(404);
  });
});

describe("changeJobReason", () => {
  it("changes and clears the reason, with an activity row", async () => {
    const j = await job("Cancelled", { reason: "Old" });
    expect(await changeJobReason(await ctxOf(w.pm), j.id, { reason: " New reason " })).toEqual({
      id: j.id,
      reason: "New reason",
    });
    expect((await jobRow(handle.db, j.id)).reason).toBe("New reason");
    expect(await changeJobReason(await ctxOf(w.pm), j.id, { reason: "" })).toEqual({
      id: j.id,
      reason: null,
    });
    expect((await jobRow(handle.db, j.id)).reason).toBeNull();
    const log = await handle.db
      .select()
      .from(schema.activityLog)
      .where(eq(schema.activityLog.subjectId, j.id));
    expect(log.filter((l) => l.description === "Changed the reason of Job Cancelled")).toHaveLength(
      2,
    );
  });

  it("needs a reason field (422) and guards like the status change", async () => {
    const j = await job("Cancelled", { reason: "Kept" });
    const err = await appErrorOf(changeJobReason(await ctxOf(w.pm), j.id, {}));
    expect(err.status).toBe(422);
    expect(err.errors?.reason).toEqual(["The reason field is required."]);
    expect((await appErrorOf(changeJobReason(await ctxOf(w.pm), j.id, { reason: 5 }))).status).toBe(
      422,
    );
    for (const who of [w.worker, w.colA]) {
      expect(
        (await appErrorOf(changeJobReason(await ctxOf(who), j.id, { reason: "x" }))).status,
      ).toBe(403);
    }
    expect(
      (await appErrorOf(changeJobReason(await ctxOf(w.colEditorB), j.id, { reason: "x" }))).status,
    ).toBe(404);
    expect((await jobRow(handle.db, j.id)).reason).toBe("Kept");
  });
});

describe("deleteJob", () => {
  async function addNote(jobId: number) {
    await handle.db
      .insert(schema.notes)
      .values({ noteableType: "jobs", noteableId: jobId, comment: "Gate code 1234" });
  }
  const notesOf = (jobId: number) =>
    handle.db
      .select()
      .from(schema.notes)
      .where(and(eq(schema.notes.noteableType, "jobs"), eq(schema.notes.noteableId, jobId)));

  it("removes a job nobody applied to, with its shifts and notes", async () => {
    const j = await job("Published", { name: "Throwaway" });
    await addNote(j.id);
    const result = await deleteJob(await ctxOf(w.pm), j.id);
    expect(result).toEqual({ id: j.id, archived: false, message: "Job deleted successfully" });
    expect(await jobRow(handle.db, j.id)).toBeUndefined();
    expect(
      await handle.db.select().from(schema.shifts).where(eq(schema.shifts.jobId, j.id)),
    ).toEqual([]);
    expect(await notesOf(j.id)).toEqual([]);
    const log = await handle.db
      .select()
      .from(schema.activityLog)
      .where(eq(schema.activityLog.subjectId, j.id));
    expect(log.map((l) => l.description)).toContain("Deleted job Throwaway");
  });

  it("archives a job with applications: gone from the list and the job page, history kept", async () => {
    const j = await job("Published", { name: "Has history" });
    await addNote(j.id);
    const app = await applyOn(handle.db, j.shifts[0].slots[0].id, w.worker, "Denied");
    const result = await deleteJob(await ctxOf(w.pm), j.id);
    expect(result).toEqual({ id: j.id, archived: true, message: "Job deleted successfully" });
    const row = await jobRow(handle.db, j.id);
    expect(row.deletedAt?.toISOString()).toBe(now.toISOString());
    const [application] = await handle.db
      .select()
      .from(schema.applications)
      .where(eq(schema.applications.id, app));
    expect(application.status).toBe("Denied");
    expect(await notesOf(j.id)).toHaveLength(1);
    const list = await listJobs(await ctxOf(w.pm), { perPage: 100 });
    expect(list.items.map((i) => i.id)).not.toContain(j.id);
    expect((await appErrorOf(fetchJobForView(await ctxOf(w.pm), j.id))).status).toBe(404);
    // Deleting it again: it no longer exists for anyone.
    expect((await appErrorOf(deleteJob(await ctxOf(w.pm), j.id))).status).toBe(404);
  });

  it("guards: worker 403, client contact without job_edit 403 on its own job, another company 404", async () => {
    const j = await job("Published");
    const before = await jobSnapshot(handle.db, j.id);
    for (const who of [w.worker, w.colA, w.crewHandler]) {
      expect((await appErrorOf(deleteJob(await ctxOf(who), j.id))).status).toBe(403);
    }
    expect((await appErrorOf(deleteJob(await ctxOf(w.colEditorB), j.id))).status).toBe(404);
    expect(await jobSnapshot(handle.db, j.id)).toEqual(before);
    expect((await deleteJob(await ctxOf(w.colEditorA), j.id)).archived).toBe(false);
    expect(await jobRow(handle.db, j.id)).toBeUndefined();
  });
});

describe("booked crew count (asked before Draft or Cancelled)", () => {
  it("counts the people holding a place on shifts still to come, once each, in scope only", async () => {
    const j = await insertJob(handle.db, {
      name: "Crew count",
      companyId: w.companyA,
      countryId: w.countryId,
      shifts: [
        { startsAt: day(10, 8), endsAt: day(10, 16), slots: [{ skillId: w.skill, positions: 5 }] },
        { startsAt: day(11, 8), endsAt: day(11, 16), slots: [{ skillId: w.skill, positions: 5 }] },
        // Already over: its crew is not taken away by a status change.
        { startsAt: day(1, 8), endsAt: day(1, 16), slots: [{ skillId: w.skill, positions: 5 }] },
      ],
    });
    const [a, b, past] = j.shifts.map((s) => s.slots[0].id);
    await applyOn(handle.db, a, w.worker, "Booked");
    await applyOn(handle.db, b, w.worker, "Booked");
    await applyOn(handle.db, a, w.crewHandler, "Request accepted");
    await applyOn(handle.db, a, w.admin, "Applied");
    await applyOn(handle.db, past, w.pm, "Report!");
    expect(await bookedCrewCount(await ctxOf(w.pm), j.id)).toEqual({ booked: 2 });
    expect((await appErrorOf(bookedCrewCount(await ctxOf(w.colEditorB), j.id))).status).toBe(404);
    expect((await appErrorOf(bookedCrewCount(await ctxOf(w.worker), j.id))).status).toBe(403);
  });
});
