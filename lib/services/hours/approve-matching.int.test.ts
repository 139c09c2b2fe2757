import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, inArray } from "drizzle-orm";
import { schema, setDatabaseForTests, type Db, type DbHandle } from "@/db";
import { ROLE } from "@/lib/domain/permissions";
import { fromLocal } from "@/lib/domain/time";
import { testDatabase } from "@/lib/testing/db";
import { rowCounts } from "@/lib/testing/row-counts";
import { countingDb } from "@/lib/testing/counting-db";
import { createUser, ctxFor } from "@/lib/testing/fixtures";
import { appErrorOf } from "@/lib/testing/app-error";
import {
  applicationStatus,
  applyOn,
  createJobWorld,
  insertJob,
  jobRow,
  type JobWorld,
} from "@/lib/testing/jobs-fixtures";
import { UNDO_WINDOW_MS } from "../undo";
import { staleReportIds } from "../statistics/stored-prices";
import {
  approveApplication,
  approveMatching,
  disapproveApplication,
  previewApproveMatching,
  reportHours,
  undoApproveMatching,
  updateReportedHours,
} from ".";

/*
 * Issue 23: "Approve all that match the plan" asks first (a preview that writes nothing),
 * leaves reports without a check-in apart, says what it did and can be undone.
 */

let handle: DbHandle;
let db: Db;
let w: JobWorld;

/** Sunday 22 November 2026, 13:00 in Copenhagen (UTC+1). */
const now = new Date("2026-11-22T12:00:00Z");
const TZ = "Europe/Copenhagen";
const at = (day: number, hour: number, minute = 0) =>
  fromLocal({ year: 2026, month: 11, day, hour, minute }, TZ);

beforeAll(async () => {
  handle = await testDatabase();
  db = handle.db;
  setDatabaseForTests(handle);
  w = await createJobWorld(db);
});
afterAll(async () => {
  await handle?.close();
});

const ctxOf = (userId: number, when = now) => ctxFor(db, userId, { now: when });
const newWorker = async (name?: string) =>
  (await createUser(db, { roles: [ROLE.worker], name })).id;

/**
 * A finished 08:00–16:00 shift on 21/11 with one report per entry: its times, and whether the
 * worker checked in (at 07:55).
 */
async function reportedJob(
  reports: { start: string; end: string; checkedIn: boolean }[],
  { clientRates = false } = {},
) {
  const job = await insertJob(db, {
    clientRates,
    name: `Match job ${Math.random().toString(36).slice(2, 7)}`,
    companyId: w.companyA,
    countryId: w.countryId,
    shifts: [
      {
        startsAt: at(21, 8),
        endsAt: at(21, 16),
        slots: [{ skillId: w.skill, positions: reports.length }],
      },
    ],
  });
  const apps: number[] = [];
  for (const r of reports) {
    const worker = await newWorker(`Worker ${apps.length + 1}`);
    const app = await applyOn(db, job.shifts[0].slots[0].id, worker, "Booked");
    if (r.checkedIn)
      await db
        .update(schema.applications)
        .set({ checkInAt: at(21, 7, 55) })
        .where(eq(schema.applications.id, app));
    await reportHours(await ctxOf(worker), { application_id: app, start: r.start, end: r.end });
    apps.push(app);
  }
  return { jobId: job.id, apps };
}

const statuses = async (ids: number[]) => Promise.all(ids.map((id) => applicationStatus(db, id)));

const reportsOf = (ids: number[]) =>
  db
    .select()
    .from(schema.reportedHours)
    .where(inArray(schema.reportedHours.applicationId, ids))
    .orderBy(schema.reportedHours.applicationId);

describe("previewApproveMatching", () => {
  it("names the reports and hours it would approve and the rule, lists those without a check-in apart, and writes nothing", async () => {
    const { jobId, apps } = await reportedJob([
      { start: "08:00", end: "16:00", checkedIn: true }, // 8 h
      { start: "08:10", end: "16:15", checkedIn: true }, // 8 h 5 min
      { start: "08:00", end: "16:00", checkedIn: false }, // matches, no check-in
      { start: "08:00", end: "17:00", checkedIn: true }, // differs
    ]);
    const before = await rowCounts(db);
    const preview = await previewApproveMatching(await ctxOf(w.pm), { filter: { job_id: jobId } });
    expect(preview).toMatchObject({
      rule: "start and end each within 15 minutes of the plan",
      tolerance_minutes: 15,
      count: 2,
      minutes: 965,
      hours: 16.08,
      differ: 1,
      limited: false,
      message: "Approve 2 reports, 16.08 hours: start and end each within 15 minutes of the plan?",
    });
    expect(preview.application_ids).toEqual([apps[0], apps[1]]);
    expect(preview.without_check_in).toHaveLength(1);
    expect(preview.without_check_in[0]).toMatchObject({
      id: apps[2],
      worker: { name: "Worker 3" },
      job: { id: jobId },
      reported: { start: "2026-11-21T08:00:00+01:00", end: "2026-11-21T16:00:00+01:00" },
      hours: 8,
    });
    expect(await rowCounts(db)).toEqual(before);
    expect(await statuses(apps)).toEqual(["Reported", "Reported", "Reported", "Reported"]);
  });

  it("is refused to a worker (403) and checks its filters (422)", async () => {
    const worker = await newWorker();
    expect(await appErrorOf(previewApproveMatching(await ctxOf(worker), {}))).toMatchObject({
      status: 403,
    });
    for (const body of [{ filter: { jobid: 1 } }, { filter: { from: "31/02/2026" } }, { x: 1 }])
      expect(await appErrorOf(previewApproveMatching(await ctxOf(w.pm), body))).toMatchObject({
        status: 422,
      });
  });
});

describe("approveMatching", () => {
  it("approves exactly what the preview counted, says what it did, and leaves reports without a check-in", async () => {
    const { jobId, apps } = await reportedJob([
      { start: "08:00", end: "16:00", checkedIn: true },
      { start: "07:50", end: "16:15", checkedIn: true },
      { start: "08:00", end: "16:00", checkedIn: false },
      { start: "08:00", end: "17:00", checkedIn: true },
    ]);
    const ctx = await ctxOf(w.pm);
    const preview = await previewApproveMatching(ctx, { filter: { job_id: jobId } });
    const result = await approveMatching(ctx, {
      filter: { job_id: jobId },
      application_ids: preview.application_ids,
    });
    expect(result).toMatchObject({
      approved: preview.application_ids,
      left: 2,
      without_check_in: 1,
      failed: [],
      minutes: preview.minutes,
      hours: preview.hours,
      message: "Approved 2 reports, 16.42 hours",
    });
    expect(result.undo_activity_id).toEqual(expect.any(Number));
    expect(await statuses(apps)).toEqual(["Approved", "Approved", "Reported", "Reported"]);
    // Each approval is in the log under its worker, and the whole is one more row.
    const logs = await db
      .select()
      .from(schema.activityLog)
      .where(eq(schema.activityLog.id, result.undo_activity_id!));
    expect(logs[0].description).toBe(
      "Approved 2 reports, 16.42 hours that match the plan (start and end each within 15 minutes of the plan)",
    );
  });

  it("stores the client prices of all it approves in one go: a report more costs its approval's statements, not its pricing's", async () => {
    const run = async (n: number) => {
      const onPlan = { start: "08:00", end: "16:00", checkedIn: true };
      const { jobId, apps } = await reportedJob(Array(n).fill(onPlan), { clientRates: true });
      const counting = countingDb(handle);
      const result = await approveMatching(
        { ...(await ctxOf(w.pm)), db: counting.db },
        { filter: { job_id: jobId } },
      );
      expect(result.approved).toEqual(apps);
      const reports = await reportsOf(apps);
      expect(reports.every((r) => r.clientPrice !== null && r.clientPrice > 0)).toBe(true);
      expect(
        await staleReportIds(
          db,
          reports.map((r) => r.id),
        ),
      ).toEqual([]);
      const pricing = counting.writes().filter((q) => q.includes("client_price = v.price"));
      return { statements: counting.statements(), pricing: pricing.length };
    };
    const one = await run(1);
    const three = await run(3);
    expect(one.pricing).toBe(1);
    expect(three.pricing).toBe(1);
    // Pricing each report in its approval cost 6 statements more a report (25 then; up to 500).
    // (One of them marks the batch's jobs for the statistics roll-up up front: applications/locks.ts.)
    expect(one.statements).toBe(handle.kind === "pglite" ? 35 : 37);
    expect(three.statements - one.statements).toBe(2 * 19);
  });

  it("approves only the reports the preview named: one sent in since is left for the next question", async () => {
    const first = await reportedJob([{ start: "08:00", end: "16:00", checkedIn: true }]);
    const ctx = await ctxOf(w.pm);
    const preview = await previewApproveMatching(ctx, { filter: { job_id: first.jobId } });
    expect(preview.application_ids).toEqual(first.apps);
    // Another matching report of the same filters (here: no filter) arrives meanwhile.
    const later = await reportedJob([{ start: "08:00", end: "16:00", checkedIn: true }]);
    const result = await approveMatching(ctx, { application_ids: preview.application_ids });
    expect(result.approved).toEqual(first.apps);
    expect(await applicationStatus(db, later.apps[0])).toBe("Reported");
  });

  it("a report corrected off the plan after the preview is not approved", async () => {
    const { jobId, apps } = await reportedJob([{ start: "08:00", end: "16:00", checkedIn: true }]);
    const ctx = await ctxOf(w.pm);
    const preview = await previewApproveMatching(ctx, { filter: { job_id: jobId } });
    const [report] = await reportsOf(apps);
    await updateReportedHours(ctx, report.id, { end: "18:00" });
    const result = await approveMatching(ctx, {
      filter: { job_id: jobId },
      application_ids: preview.application_ids,
    });
    expect(result).toMatchObject({
      approved: [],
      left: 1,
      undo_activity_id: null,
      message: "No report was approved.",
    });
    expect(await applicationStatus(db, apps[0])).toBe("Reported");
  });

  it("checks its input (422) and refuses a worker (403), writing nothing", async () => {
    const worker = await newWorker();
    const before = await rowCounts(db);
    for (const body of [
      { application_ids: "x" },
      { application_ids: [0] },
      { application_ids: Array.from({ length: 501 }, (_, i) => i + 1) },
    ])
      expect(await appErrorOf(approveMatching(await ctxOf(w.pm), body))).toMatchObject({
        status: 422,
      });
    expect(await appErrorOf(approveMatching(await ctxOf(worker), {}))).toMatchObject({
      status: 403,
    });
    expect(await rowCounts(db)).toEqual(before);
  });
});

describe("undoApproveMatching", () => {
  async function approvedBatch() {
    const job = await reportedJob([
      { start: "08:00", end: "16:00", checkedIn: true },
      { start: "08:05", end: "16:00", checkedIn: true },
    ]);
    const ctx = await ctxOf(w.pm);
    const reportsBefore = await reportsOf(job.apps);
    const result = await approveMatching(ctx, { filter: { job_id: job.jobId } });
    expect(result.approved).toEqual(job.apps);
    expect((await jobRow(db, job.jobId)).status).toBe("Approved");
    return { ...job, ctx, activityId: result.undo_activity_id!, reportsBefore };
  }

  it("returns exactly those reports to awaiting approval, once", async () => {
    const { apps, jobId, ctx, activityId, reportsBefore } = await approvedBatch();
    // Approving stored each report's client price (statistics add them; issue 27).
    expect((await reportsOf(apps)).map((r) => r.clientPriceVersion !== null)).toEqual([true, true]);
    const undone = await undoApproveMatching(ctx, { activity_id: activityId });
    expect(undone).toEqual({
      restored: apps,
      message: "Approval undone: 2 reports wait for approval again.",
    });
    expect(await statuses(apps)).toEqual(["Reported", "Reported"]);
    const reports = await reportsOf(apps);
    expect(reports.map((r) => [r.approvedById, r.approvedAt, r.clientPrice])).toEqual([
      [null, null, null],
      [null, null, null],
    ]);
    // The times and comments are as they were before the approval.
    expect(reports.map((r) => [r.startsAt, r.endsAt, r.comment])).toEqual(
      reportsBefore.map((r) => [r.startsAt, r.endsAt, r.comment]),
    );
    expect((await jobRow(db, jobId)).status).toBe("Reported");
    const logs = await db
      .select()
      .from(schema.activityLog)
      .where(inArray(schema.activityLog.subjectId, apps));
    expect(logs.filter((l) => l.description.startsWith("Undid the approval"))).toHaveLength(2);

    const before = await rowCounts(db);
    expect(await appErrorOf(undoApproveMatching(ctx, { activity_id: activityId }))).toMatchObject({
      status: 409,
      type: "already_undone",
      message: "This change has already been undone.",
    });
    expect(await rowCounts(db)).toEqual(before);
  });

  it("refuses (409) when a report changed since, naming it, and undoes nothing", async () => {
    const { apps, ctx, activityId } = await approvedBatch();
    const later = await ctxOf(w.pm, new Date(now.getTime() + 60_000));
    // The second report's hours are corrected after the approval (it stays Approved).
    const [, second] = await reportsOf(apps);
    await updateReportedHours(later, second.id, { start: "08:00" });
    const before = await rowCounts(db);
    const err = await appErrorOf(undoApproveMatching(ctx, { activity_id: activityId }));
    expect(err).toMatchObject({ status: 409, type: "changed_meanwhile" });
    expect(err.message).toMatch(
      /^A report has changed since the approval \(Worker 2 on Match job \w+\), so nothing was undone\. Disapprove single rows instead\.$/,
    );
    expect(await rowCounts(db)).toEqual(before);
    expect(await statuses(apps)).toEqual(["Approved", "Approved"]);
  });

  it("refuses (409) when one was disapproved and approved again meanwhile", async () => {
    const { apps, activityId } = await approvedBatch();
    const later = await ctxOf(w.pm, new Date(now.getTime() + 60_000));
    await disapproveApplication(later, apps[0]);
    await approveApplication(later, apps[0]);
    expect(await appErrorOf(undoApproveMatching(later, { activity_id: activityId }))).toMatchObject(
      { status: 409, type: "changed_meanwhile" },
    );
    expect(await statuses(apps)).toEqual(["Approved", "Approved"]);
    const [first] = await reportsOf(apps);
    expect(first.approvedAt).toEqual(later.now);
  });

  it("is the approver's own, for 10 minutes: 404 for someone else, 409 once too old", async () => {
    const { apps, activityId } = await approvedBatch();
    const worker = await newWorker();
    const before = await rowCounts(db);
    expect(
      await appErrorOf(undoApproveMatching(await ctxOf(w.admin), { activity_id: activityId })),
    ).toMatchObject({ status: 404, message: "There is nothing to undo." });
    const tooLate = await ctxOf(w.pm, new Date(now.getTime() + UNDO_WINDOW_MS + 1000));
    expect(
      await appErrorOf(undoApproveMatching(tooLate, { activity_id: activityId })),
    ).toMatchObject({ status: 409, type: "undo_expired" });
    for (const body of [{}, { activity_id: "abc" }, { activity_id: -1 }])
      expect(await appErrorOf(undoApproveMatching(await ctxOf(w.pm), body))).toMatchObject({
        status: 422,
      });
    expect(
      await appErrorOf(undoApproveMatching(await ctxOf(worker), { activity_id: activityId })),
    ).toMatchObject({ status: 403 });
    expect(await rowCounts(db)).toEqual(before);
    expect(await statuses(apps)).toEqual(["Approved", "Approved"]);
  });
});
