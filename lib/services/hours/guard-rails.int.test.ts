import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, inArray } from "drizzle-orm";
import { schema, setDatabaseForTests, type Db, type DbHandle } from "@/db";
import { ROLE } from "@/lib/domain/permissions";
import { fromLocal } from "@/lib/domain/time";
import { testDatabase } from "@/lib/testing/db";
import { createUser, ctxFor } from "@/lib/testing/fixtures";
import { appErrorOf } from "@/lib/testing/app-error";
import {
  applicationStatus,
  applyOn,
  createJobWorld,
  insertJob,
  type JobWorld,
} from "@/lib/testing/jobs-fixtures";
import { approveMatching, listApprovals, reportHours, updateReportedHours } from ".";

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

const ctxOf = (userId: number) => ctxFor(db, userId, { now });
const newWorker = async (name?: string) =>
  (await createUser(db, { roles: [ROLE.worker], name })).id;

/** A finished 08:00–16:00 day shift on 21/11 with one Booked application per worker. */
async function dayShift(workers: number[], companyId = w.companyA, name = "Guard rails job") {
  const job = await insertJob(db, {
    name,
    companyId,
    countryId: w.countryId,
    shifts: [
      {
        startsAt: at(21, 8),
        endsAt: at(21, 16),
        slots: [{ skillId: w.skill, positions: Math.max(1, workers.length) }],
      },
    ],
  });
  const apps: number[] = [];
  for (const worker of workers)
    apps.push(await applyOn(db, job.shifts[0].slots[0].id, worker, "Booked"));
  return { jobId: job.id, apps };
}

/** The workers checked in at the shift's start (the rule approves only checked-in reports). */
const checkIn = (apps: number[]) =>
  db
    .update(schema.applications)
    .set({ checkInAt: at(21, 8) })
    .where(inArray(schema.applications.id, apps));

const reportsOf = (applicationId: number) =>
  db
    .select()
    .from(schema.reportedHours)
    .where(eq(schema.reportedHours.applicationId, applicationId));

describe("unusual hours (410 hours_unusual)", () => {
  it("asks the worker to confirm 08:00–07:00 on a day shift, naming the difference, and writes nothing", async () => {
    const worker = await newWorker();
    const { apps } = await dayShift([worker]);
    const err = await appErrorOf(
      reportHours(await ctxOf(worker), { application_id: apps[0], start: "08:00", end: "07:00" }),
    );
    expect(err).toMatchObject({
      status: 410,
      type: "hours_unusual",
      details: { difference: "+15:00", difference_minutes: 900, reason: "difference" },
    });
    expect(err.message).toContain("+15:00");
    expect(err.message).toContain("08:00–16:00");
    expect(await reportsOf(apps[0])).toHaveLength(0);
    expect(await applicationStatus(db, apps[0])).not.toBe("Reported");
  });

  it("saves unusual hours when the worker repeats the report with confirm_unusual", async () => {
    const worker = await newWorker();
    const { apps } = await dayShift([worker]);
    const saved = await reportHours(await ctxOf(worker), {
      application_id: apps[0],
      start: "08:00",
      end: "07:00",
      confirm_unusual: 1,
    });
    expect(saved).toMatchObject({ minutes: 23 * 60, status: "Reported" });
  });

  it("saves hours within two hours of the plan without asking", async () => {
    const worker = await newWorker();
    const { apps } = await dayShift([worker]);
    const saved = await reportHours(await ctxOf(worker), {
      application_id: apps[0],
      start: "08:00",
      end: "16:30",
    });
    expect(saved.minutes).toBe(510);
  });

  it("protects corrections too: the office is asked as well, a comment-only edit is not", async () => {
    const worker = await newWorker();
    const { apps } = await dayShift([worker]);
    const report = await reportHours(await ctxOf(worker), {
      application_id: apps[0],
      start: "08:00",
      end: "16:00",
    });
    const pm = await ctxOf(w.pm);
    const err = await appErrorOf(updateReportedHours(pm, report.id, { end: "23:00" }));
    expect(err).toMatchObject({ status: 410, type: "hours_unusual" });
    expect((await reportsOf(apps[0]))[0].endsAt).toEqual(at(21, 16));
    // A day shift whose end moves past midnight is asked about even when short of two hours.
    const midnight = await appErrorOf(
      updateReportedHours(pm, report.id, { start: "16:00", end: "00:30" }),
    );
    expect(midnight).toMatchObject({ status: 410, details: { reason: "next_day" } });

    const confirmed = await updateReportedHours(pm, report.id, {
      end: "23:00",
      confirm_unusual: "1",
    });
    expect(confirmed.minutes).toBe(15 * 60);
    // Unchanged (already accepted) times are not questioned again.
    const commented = await updateReportedHours(pm, report.id, { comment: "Stage rebuilt" });
    expect(commented.office_comment).toBe("Stage rebuilt");
  });
});

describe("office corrections", () => {
  it("keep the worker's comment, add the office's, and the approvals row shows who changed what", async () => {
    const worker = await newWorker("Wanda Late");
    const { apps, jobId } = await dayShift([worker]);
    const report = await reportHours(await ctxOf(worker), {
      application_id: apps[0],
      start: "08:00",
      end: "17:00",
      comment: "Load-out ran over",
    });
    const fixed = await updateReportedHours(await ctxOf(w.pm), report.id, {
      start: "08:30",
      end: "16:30",
      i_was_late: 1,
      comment: "Arrived 08:30 per crew boss",
    });
    expect(fixed).toMatchObject({
      comment: "Load-out ran over",
      office_comment: "Arrived 08:30 per crew boss",
      i_was_late: 1,
      updated_by_id: w.pm,
    });
    // The worker editing its own comment leaves the office's alone.
    const again = await updateReportedHours(await ctxOf(worker), report.id, {
      comment: "Load-out ran over, 30 min break",
    });
    expect(again).toMatchObject({
      comment: "Load-out ran over, 30 min break",
      office_comment: "Arrived 08:30 per crew boss",
    });

    const page = await listApprovals(await ctxOf(w.pm), { filter: { job_id: jobId } });
    const h = page.items[0].reported_hours!;
    expect(h).toMatchObject({
      comment: "Load-out ran over, 30 min break",
      office_comment: "Arrived 08:30 per crew boss",
      difference_minutes: 0,
      difference: "0:00",
      matches_plan: false,
      unusual: false,
    });
    // The worker's comment-only edit is the latest entry; the office's change of times shows.
    expect(h.last_change).toMatchObject({
      by: { id: w.pm, name: "Per PM" },
      from: "08:00–17:00",
      to: "08:30–16:30",
    });
  });

  it("shows the difference to the plan for each row, in red territory above two hours", async () => {
    const a = await newWorker();
    const b = await newWorker();
    const { apps, jobId } = await dayShift([a, b]);
    await reportHours(await ctxOf(a), { application_id: apps[0], start: "08:00", end: "16:45" });
    await reportHours(await ctxOf(b), {
      application_id: apps[1],
      start: "08:00",
      end: "07:00",
      confirm_unusual: 1,
    });
    const page = await listApprovals(await ctxOf(w.pm), { filter: { job_id: jobId } });
    const byId = new Map(page.items.map((r) => [r.id, r.reported_hours!]));
    expect(byId.get(apps[0])).toMatchObject({ difference: "+0:45", unusual: false });
    expect(byId.get(apps[1])).toMatchObject({ difference: "+15:00", unusual: true });
  });
});

describe("approveMatching", () => {
  it("approves the reports within 15 minutes of the plan and leaves the others for a look", async () => {
    const [a, b, c] = [await newWorker(), await newWorker(), await newWorker()];
    const { apps, jobId } = await dayShift([a, b, c]);
    await reportHours(await ctxOf(a), { application_id: apps[0], start: "08:00", end: "16:00" });
    await reportHours(await ctxOf(b), { application_id: apps[1], start: "08:10", end: "16:15" });
    await reportHours(await ctxOf(c), { application_id: apps[2], start: "08:00", end: "17:00" });
    await checkIn(apps);

    const result = await approveMatching(await ctxOf(w.pm), { filter: { job_id: jobId } });
    expect(result).toMatchObject({ left: 1, failed: [] });
    expect(result.approved.sort()).toEqual([apps[0], apps[1]].sort());
    expect(result.message).toBe("Approved 2 reports, 16.08 hours");
    expect(await applicationStatus(db, apps[0])).toBe("Approved");
    expect(await applicationStatus(db, apps[1])).toBe("Approved");
    expect(await applicationStatus(db, apps[2])).toBe("Reported");
  });

  it("reaches only the caller's scope: a client contact approves its own company's rows", async () => {
    const x = await newWorker();
    const y = await newWorker();
    const own = await dayShift([x], w.companyA, "Own company job");
    const other = await dayShift([y], w.companyB, "Other company job");
    await reportHours(await ctxOf(x), {
      application_id: own.apps[0],
      start: "08:00",
      end: "16:00",
    });
    await reportHours(await ctxOf(y), {
      application_id: other.apps[0],
      start: "08:00",
      end: "16:00",
    });

    await checkIn([own.apps[0], other.apps[0]]);
    const result = await approveMatching(await ctxOf(w.colA), {});
    expect(result.approved).toContain(own.apps[0]);
    expect(result.approved).not.toContain(other.apps[0]);
    expect(await applicationStatus(db, other.apps[0])).toBe("Reported");
  });

  it("is refused to a worker (403) and checks its filters (422)", async () => {
    const worker = await newWorker();
    expect(await appErrorOf(approveMatching(await ctxOf(worker), {}))).toMatchObject({
      status: 403,
    });
    expect(
      await appErrorOf(approveMatching(await ctxOf(w.pm), { filter: { from: "31/02/2026" } })),
    ).toMatchObject({ status: 422 });
    // A misspelt filter would approve more than meant: refused, not left out as on the list.
    for (const body of [{ filter: { jobid: 1 } }, { filters: { job_id: 1 } }])
      expect(await appErrorOf(approveMatching(await ctxOf(w.pm), body))).toMatchObject({
        status: 422,
      });
  });
});
