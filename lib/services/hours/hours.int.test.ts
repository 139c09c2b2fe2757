import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, desc, eq } from "drizzle-orm";
import { schema, setDatabaseForTests, type Db, type DbHandle } from "@/db";
import { ROLE } from "@/lib/domain/permissions";
import { fromLocal } from "@/lib/domain/time";
import { testDatabase } from "@/lib/testing/db";
import { withTx } from "@/lib/services/context";
import { sweepEndedShifts } from "@/lib/services/applications/settle";
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
import {
  APPROVED_LOCKED,
  approveApplication,
  approveMany,
  deleteReportedHours,
  disapproveApplication,
  disapproveMany,
  listApprovals,
  reportHours,
  updateReportedHours,
} from ".";

let handle: DbHandle;
let db: Db;
let w: JobWorld;

/** Sunday 22 November 2026, 13:00 in Copenhagen (UTC+1). */
const now = new Date("2026-11-22T12:00:00Z");
const TZ = "Europe/Copenhagen";
/** A local time in Copenhagen in November 2026. */
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

/** A one-shift job with a Booked application per worker (the shift ended before `now` by default). */
async function bookedJob(
  workers: number[],
  opts: { start?: Date; end?: Date; companyId?: number; name?: string } = {},
) {
  const job = await insertJob(db, {
    name: opts.name ?? "Hours job",
    companyId: opts.companyId ?? w.companyA,
    countryId: w.countryId,
    shifts: [
      {
        startsAt: opts.start ?? at(21, 8),
        endsAt: opts.end ?? at(21, 16),
        slots: [{ skillId: w.skill, positions: Math.max(1, workers.length) }],
      },
    ],
  });
  const slot = job.shifts[0].slots[0].id;
  const apps: number[] = [];
  for (const worker of workers) apps.push(await applyOn(db, slot, worker, "Booked"));
  return { jobId: job.id, shiftId: job.shifts[0].id, slotId: slot, apps };
}

const report = async (userId: number, applicationId: number, start = "08:00", end = "16:00") =>
  reportHours(await ctxOf(userId), { application_id: applicationId, start, end, i_was_late: 0 });

describe("reportHours", () => {
  it("saves a 22:00–02:00 report as ending the next day, and the application is Reported", async () => {
    const worker = await newWorker();
    const { apps, jobId } = await bookedJob([worker], { start: at(21, 22), end: at(22, 2) });
    const result = await reportHours(await ctxOf(worker), {
      application_id: apps[0],
      start: "22:00",
      end: "02:00",
      i_was_late: "1",
      comment: "  Load-out ran late ",
    });
    expect(result).toMatchObject({
      application_id: apps[0],
      start: "2026-11-21T22:00:00+01:00",
      end: "2026-11-22T02:00:00+01:00",
      minutes: 240,
      hours: 4,
      i_was_late: 1,
      comment: "Load-out ran late",
      created_by_id: worker,
      status: "Reported",
      message: "Hours reported successfully",
    });
    const [row] = await db
      .select()
      .from(schema.reportedHours)
      .where(eq(schema.reportedHours.applicationId, apps[0]));
    expect(row.endsAt.toISOString()).toBe("2026-11-22T01:00:00.000Z");
    expect(await applicationStatus(db, apps[0])).toBe("Reported");
    expect((await jobRow(db, jobId)).status).toBe("Reported");
    const [log] = await db
      .select()
      .from(schema.activityLog)
      .where(
        and(
          eq(schema.activityLog.subjectType, "applications"),
          eq(schema.activityLog.subjectId, apps[0]),
          eq(schema.activityLog.logName, "hours"),
        ),
      );
    expect(log).toMatchObject({ logName: "hours", causerId: worker });
  });

  it("refuses a report before the shift has ended (409) and writes nothing", async () => {
    const worker = await newWorker();
    const { apps } = await bookedJob([worker], { start: at(22, 10), end: at(22, 18) });
    const err = await appErrorOf(report(worker, apps[0], "10:00", "12:00"));
    expect(err.status).toBe(409);
    expect(err.message).toBe("You can report hours once the shift has ended.");
    expect(await applicationStatus(db, apps[0])).toBe("Booked");
    const rows = await db
      .select()
      .from(schema.reportedHours)
      .where(eq(schema.reportedHours.applicationId, apps[0]));
    expect(rows).toHaveLength(0);
  });

  it("refuses a second report (409) and points to editing", async () => {
    const worker = await newWorker();
    const { apps } = await bookedJob([worker]);
    await report(worker, apps[0]);
    const err = await appErrorOf(report(worker, apps[0], "09:00", "17:00"));
    expect(err.status).toBe(409);
    expect(err.type).toBe("already_reported");
    expect(err.message).toMatch(/Edit the report instead/);
  });

  it("answers 422 on the field at fault for bad input", async () => {
    const worker = await newWorker();
    const { apps } = await bookedJob([worker]);
    const ctx = await ctxOf(worker);
    const bad = await appErrorOf(
      reportHours(ctx, { application_id: apps[0], start: "8 o'clock", end: "16:00" }),
    );
    expect(bad.status).toBe(422);
    expect(bad.errors?.start).toEqual(["The start must be HH:mm or DD/MM/YYYY HH:mm."]);
    const missing = await appErrorOf(reportHours(ctx, { start: "08:00", end: "16:00" }));
    expect(missing.errors?.application_id).toEqual(["The application_id field is required."]);
    const late = await appErrorOf(
      reportHours(ctx, { application_id: apps[0], start: "08:00", end: "16:00", i_was_late: 7 }),
    );
    expect(late.errors?.i_was_late).toEqual(["The i_was_late field must be 0 or 1."]);
    const future = await appErrorOf(
      reportHours(ctx, {
        application_id: apps[0],
        start: "21/11/2026 20:00",
        end: "22/11/2026 14:00",
      }),
    );
    expect(future.errors?.end).toEqual(["The end cannot be later than now."]);
    // A refused report writes nothing, not even the Booked → Report! of its transaction.
    expect(await applicationStatus(db, apps[0])).toBe("Booked");
  });

  it("lets the crew boss report for the crew, not another worker (404) or the client (403)", async () => {
    const [worker, boss, stranger] = [await newWorker(), await newWorker(), await newWorker()];
    const { apps, shiftId } = await bookedJob([worker, boss]);
    await db.insert(schema.shiftCrewBosses).values({ shiftId, userId: boss });
    const notMine = await appErrorOf(report(stranger, apps[0]));
    expect(notMine.status).toBe(404);
    const client = await appErrorOf(report(w.colA, apps[0]));
    expect(client.status).toBe(403);
    const result = await report(boss, apps[0], "08:30", "16:00");
    expect(result).toMatchObject({ created_by_id: boss, minutes: 450, status: "Reported" });
  });

  it("lets a booker report for a worker; unknown ids are 404", async () => {
    const worker = await newWorker();
    const { apps } = await bookedJob([worker]);
    expect(await report(w.crewHandler, apps[0])).toMatchObject({ created_by_id: w.crewHandler });
    expect((await appErrorOf(report(w.pm, 99_999_999))).status).toBe(404);
  });
});

describe("updateReportedHours and deleteReportedHours", () => {
  it("lets the worker correct the report and logs the times before and after", async () => {
    const worker = await newWorker();
    const { apps } = await bookedJob([worker]);
    const { id } = await report(worker, apps[0]);
    const updated = await updateReportedHours(await ctxOf(worker), id, {
      start: "08:15",
      end: "17:45",
      comment: "Stayed for the load-out",
    });
    expect(updated).toMatchObject({
      id,
      start: "2026-11-21T08:15:00+01:00",
      end: "2026-11-21T17:45:00+01:00",
      minutes: 570,
      hours: 9.5,
      i_was_late: 0,
      comment: "Stayed for the load-out",
      status: "Reported",
      message: "Hours updated successfully",
    });
    const [log] = await db
      .select()
      .from(schema.activityLog)
      .where(eq(schema.activityLog.subjectId, apps[0]))
      .orderBy(desc(schema.activityLog.id))
      .limit(1);
    expect(log.properties).toMatchObject({
      before: { start: at(21, 8).toISOString(), end: at(21, 16).toISOString() },
      after: { start: at(21, 8, 15).toISOString(), end: at(21, 17, 45).toISOString() },
    });
  });

  it("keeps another worker out (404) and the report unchanged", async () => {
    const [worker, other] = [await newWorker(), await newWorker()];
    const { apps } = await bookedJob([worker]);
    const { id } = await report(worker, apps[0]);
    const edit = await appErrorOf(
      updateReportedHours(await ctxOf(other), id, { start: "06:00", end: "23:00" }),
    );
    expect(edit.status).toBe(404);
    expect(edit.message).toBe("Reported hours not found.");
    const del = await appErrorOf(deleteReportedHours(await ctxOf(other), id));
    expect(del.status).toBe(404);
    const approve = await appErrorOf(approveApplication(await ctxOf(other), apps[0]));
    expect(approve.status).toBe(404);
    const own = await appErrorOf(approveApplication(await ctxOf(worker), apps[0]));
    expect(own.status).toBe(403);
    expect(await applicationStatus(db, apps[0])).toBe("Reported");
  });

  it("deleting the report returns the application to Report!", async () => {
    const worker = await newWorker();
    const { apps, jobId } = await bookedJob([worker]);
    const { id } = await report(worker, apps[0]);
    const result = await deleteReportedHours(await ctxOf(worker), id);
    expect(result).toEqual({
      id,
      application_id: apps[0],
      status: "Report!",
      message: "Report deleted successfully",
    });
    expect(await applicationStatus(db, apps[0])).toBe("Report!");
    expect((await jobRow(db, jobId)).status).toBe("Report!");
    expect((await appErrorOf(deleteReportedHours(await ctxOf(worker), id))).status).toBe(404);
  });

  it("locks approved hours for the worker (409) but lets the project manager edit them", async () => {
    const worker = await newWorker();
    const { apps } = await bookedJob([worker]);
    const { id } = await report(worker, apps[0]);
    await approveApplication(await ctxOf(w.pm), apps[0]);
    const edit = await appErrorOf(
      updateReportedHours(await ctxOf(worker), id, { start: "07:00", end: "16:00" }),
    );
    expect(edit.status).toBe(409);
    expect(edit.message).toBe(APPROVED_LOCKED);
    const del = await appErrorOf(deleteReportedHours(await ctxOf(worker), id));
    expect(del.status).toBe(409);
    const byPm = await updateReportedHours(await ctxOf(w.pm), id, { end: "15:30" });
    expect(byPm).toMatchObject({ minutes: 450, status: "Approved" });
    expect(await applicationStatus(db, apps[0])).toBe("Approved");
  });
});

describe("approveApplication and disapproveApplication", () => {
  it("a one-shift job with one booked worker goes Report! → Reported → Approved", async () => {
    const worker = await newWorker();
    const { apps, jobId } = await bookedJob([worker]);
    expect((await jobRow(db, jobId)).status).toBe("Published");
    // Listing derives Report! without writing; the background sweep writes it.
    await listApprovals(await ctxOf(w.pm), { filter: { job_id: jobId, status: "missing" } });
    expect((await jobRow(db, jobId)).status).toBe("Published");
    await withTx(await ctxOf(w.pm), (ctx) => sweepEndedShifts(ctx));
    expect((await jobRow(db, jobId)).status).toBe("Report!");
    await report(worker, apps[0]);
    expect((await jobRow(db, jobId)).status).toBe("Reported");
    const approved = await approveApplication(await ctxOf(w.pm), apps[0]);
    expect(approved).toMatchObject({
      id: apps[0],
      status: "Approved",
      message: "Report approved!",
      reported_hours: { approved_by_id: w.pm, approved_at: "2026-11-22T13:00:00+01:00" },
    });
    expect((await jobRow(db, jobId)).status).toBe("Approved");
    const again = await appErrorOf(approveApplication(await ctxOf(w.pm), apps[0]));
    expect(again.status).toBe(409);
  });

  it("disapproving reported hours makes them Reported again and clears the approval", async () => {
    const worker = await newWorker();
    const { apps, jobId } = await bookedJob([worker]);
    await report(worker, apps[0]);
    await approveApplication(await ctxOf(w.pm), apps[0]);
    const result = await disapproveApplication(await ctxOf(w.pm), apps[0]);
    expect(result).toMatchObject({
      status: "Reported",
      message: "Report Dissapproved!",
      reported_hours: { approved_by_id: null, approved_at: null },
    });
    expect(await applicationStatus(db, apps[0])).toBe("Reported");
    expect((await jobRow(db, jobId)).status).toBe("Reported");
    const twice = await appErrorOf(disapproveApplication(await ctxOf(w.pm), apps[0]));
    expect(twice.status).toBe(409);
    expect(twice.type).toBe("illegal_transition");
  });

  it("approves a finished shift nobody reported, and disapproving that returns it to Report!", async () => {
    const worker = await newWorker();
    const { apps, jobId } = await bookedJob([worker]);
    const approved = await approveApplication(await ctxOf(w.pm), apps[0]);
    expect(approved).toMatchObject({ status: "Approved", reported_hours: null });
    expect((await jobRow(db, jobId)).status).toBe("Approved");
    const back = await disapproveApplication(await ctxOf(w.pm), apps[0]);
    expect(back).toMatchObject({ status: "Report!", reported_hours: null });
    expect((await jobRow(db, jobId)).status).toBe("Report!");
  });

  it("refuses to approve a shift that has not ended (409)", async () => {
    const worker = await newWorker();
    const { apps } = await bookedJob([worker], { start: at(23, 8), end: at(23, 16) });
    const err = await appErrorOf(approveApplication(await ctxOf(w.pm), apps[0]));
    expect(err.status).toBe(409);
    expect(await applicationStatus(db, apps[0])).toBe("Booked");
  });

  it("a client contact approves on its own company's jobs only (another company's: 404)", async () => {
    const [a, b] = [await newWorker(), await newWorker()];
    const own = await bookedJob([a], { companyId: w.companyA });
    const other = await bookedJob([b], { companyId: w.companyB });
    await report(a, own.apps[0]);
    await report(b, other.apps[0]);
    const err = await appErrorOf(approveApplication(await ctxOf(w.colA), other.apps[0]));
    expect(err.status).toBe(404);
    expect(await applicationStatus(db, other.apps[0])).toBe("Reported");
    expect(await approveApplication(await ctxOf(w.colA), own.apps[0])).toMatchObject({
      status: "Approved",
    });
    // Hours approved by a client contact may be corrected by it (an approver) afterwards.
    const [row] = await db
      .select()
      .from(schema.reportedHours)
      .where(eq(schema.reportedHours.applicationId, own.apps[0]));
    expect(await updateReportedHours(await ctxOf(w.colA), row.id, { end: "15:00" })).toMatchObject({
      minutes: 420,
    });
  });

  it("approves and disapproves many, each row on its own", async () => {
    const [a, b] = [await newWorker(), await newWorker()];
    const { apps } = await bookedJob([a, b]);
    await report(a, apps[0]);
    const later = await bookedJob([a], { start: at(24, 8), end: at(24, 16) });
    const result = await approveMany(await ctxOf(w.pm), {
      application_ids: [apps[0], apps[1], later.apps[0], 99_999_999],
    });
    expect(result.done).toEqual([apps[0], apps[1]]);
    expect(result.failed).toEqual([
      { id: later.apps[0], message: "You can approve hours once the shift has ended." },
      { id: 99_999_999, message: "Application not found." },
    ]);
    const back = await disapproveMany(await ctxOf(w.pm), {
      application_ids: `${apps[0]},${apps[1]}`,
    });
    expect(back).toEqual({ done: [apps[0], apps[1]], failed: [] });
    expect(await applicationStatus(db, apps[0])).toBe("Reported");
    expect(await applicationStatus(db, apps[1])).toBe("Report!");
    const empty = await appErrorOf(approveMany(await ctxOf(w.pm), { application_ids: [] }));
    expect(empty.status).toBe(422);
  });
});
