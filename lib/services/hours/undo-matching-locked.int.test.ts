import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, inArray } from "drizzle-orm";
import { schema, setDatabaseForTests, type Db, type DbHandle } from "@/db";
import { ROLE } from "@/lib/domain/permissions";
import { fromLocal } from "@/lib/domain/time";
import { testDatabase } from "@/lib/testing/db";
import { rowCounts } from "@/lib/testing/row-counts";
import { createUser, ctxFor } from "@/lib/testing/fixtures";
import { appErrorOf } from "@/lib/testing/app-error";
import {
  applicationStatus,
  applyOn,
  createJobWorld,
  insertJob,
  type JobWorld,
} from "@/lib/testing/jobs-fixtures";
import { approveMatching, reportHours, undoApproveMatching } from ".";

/*
 * The undo of "Approve all that match the plan" meets the lock on paid hours (issue 24): once
 * the job is invoiced or paid, or a report's salary line is paid, the hours are final and the
 * undo is a 409 `hours_locked` with the reason, writing nothing.
 */

let handle: DbHandle;
let db: Db;
let w: JobWorld;

/** Sunday 22 November 2026, 13:00 in Copenhagen (UTC+1). */
const now = new Date("2026-11-22T12:00:00Z");
const at = (day: number, hour: number, minute = 0) =>
  fromLocal({ year: 2026, month: 11, day, hour, minute }, "Europe/Copenhagen");

beforeAll(async () => {
  handle = await testDatabase();
  db = handle.db;
  setDatabaseForTests(handle);
  w = await createJobWorld(db);
});
afterAll(async () => {
  await handle?.close();
});

/** A finished 08:00–16:00 shift on 21/11, two matching reports approved in one batch. */
async function approvedBatch() {
  const job = await insertJob(db, {
    name: `Locked job ${Math.random().toString(36).slice(2, 7)}`,
    companyId: w.companyA,
    countryId: w.countryId,
    shifts: [
      { startsAt: at(21, 8), endsAt: at(21, 16), slots: [{ skillId: w.skill, positions: 2 }] },
    ],
  });
  const apps: number[] = [];
  for (const name of ["Lena Locked", "Lars Locked"]) {
    const worker = (await createUser(db, { roles: [ROLE.worker], name })).id;
    const app = await applyOn(db, job.shifts[0].slots[0].id, worker, "Booked");
    await db
      .update(schema.applications)
      .set({ checkInAt: at(21, 7, 55) })
      .where(eq(schema.applications.id, app));
    await reportHours(await ctxFor(db, worker, { now }), {
      application_id: app,
      start: "08:00",
      end: "16:00",
    });
    apps.push(app);
  }
  const ctx = await ctxFor(db, w.pm, { now });
  const result = await approveMatching(ctx, { filter: { job_id: job.id } });
  expect(result.approved).toEqual(apps);
  return { jobId: job.id, apps, ctx, activityId: result.undo_activity_id! };
}

const statuses = (ids: number[]) => Promise.all(ids.map((id) => applicationStatus(db, id)));

describe("undoApproveMatching on locked hours", () => {
  it.each([
    ["Invoiced", "The job is invoiced; reopen it to change hours."],
    ["Paid", "The job is paid; reopen it to change hours."],
  ] as const)("refuses (409) once the job is %s, undoing nothing", async (status, message) => {
    const { jobId, apps, ctx, activityId } = await approvedBatch();
    await db.update(schema.jobs).set({ status }).where(eq(schema.jobs.id, jobId));
    const before = await rowCounts(db);
    const err = await appErrorOf(undoApproveMatching(ctx, { activity_id: activityId }));
    expect(err).toMatchObject({ status: 409, type: "hours_locked", message });
    expect(await rowCounts(db)).toEqual(before);
    expect(await statuses(apps)).toEqual(["Approved", "Approved"]);
  });

  it("refuses (409) when one report's salary line is paid, undoing none of the batch", async () => {
    const { apps, ctx, activityId } = await approvedBatch();
    const reports = await db
      .select()
      .from(schema.reportedHours)
      .where(inArray(schema.reportedHours.applicationId, apps))
      .orderBy(schema.reportedHours.applicationId);
    const [app] = await db
      .select({ userId: schema.applications.assigneeId })
      .from(schema.applications)
      .where(eq(schema.applications.id, apps[1]));
    await db.insert(schema.salaryLines).values({
      reportedHoursId: reports[1].id,
      userId: app.userId!,
      skillId: w.skill,
      workDate: "2026-11-21",
      startsAt: reports[1].startsAt,
      endsAt: reports[1].endsAt,
      currencyCode: "DKK",
      standardMinutes: 480,
      standardRate: 15000,
      rateSource: "card",
      amount: 120000,
      status: "paid",
      paidAt: now,
    });
    const before = await rowCounts(db);
    const err = await appErrorOf(undoApproveMatching(ctx, { activity_id: activityId }));
    expect(err).toMatchObject({
      status: 409,
      type: "hours_locked",
      message: "These hours are paid and can no longer be changed.",
    });
    expect(await rowCounts(db)).toEqual(before);
    expect(await statuses(apps)).toEqual(["Approved", "Approved"]);
    const after = await db
      .select({ approvedAt: schema.reportedHours.approvedAt })
      .from(schema.reportedHours)
      .where(inArray(schema.reportedHours.applicationId, apps));
    expect(after.every((r) => r.approvedAt !== null)).toBe(true);
  });
});
