import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { schema, setDatabaseForTests, type Db, type DbHandle } from "@/db";
import { ROLE } from "@/lib/domain/permissions";
import { fromLocal } from "@/lib/domain/time";
import type { Ctx } from "@/lib/services/context";
import { testDatabase } from "@/lib/testing/db";
import { rowCounts } from "@/lib/testing/row-counts";
import { createUser, ctxFor } from "@/lib/testing/fixtures";
import { appErrorOf } from "@/lib/testing/app-error";
import { applyOn, createJobWorld, insertJob, type JobWorld } from "@/lib/testing/jobs-fixtures";
import { NOTHING_CHANGED, reportHours, updateReportedHours } from ".";

/*
 * Issue 23: the office's Edit hours dialog answered "Hours updated successfully" to a start
 * of "25:99" and an end of "abc", changed nothing and logged "from 08:00–16:30 to
 * 08:00–16:30" each time. One parse (the verb's schema) for the REST call and the dialog's
 * server action; a correction that changes nothing writes nothing and says so.
 */

let actionCtx: Ctx;
vi.mock("@/lib/auth/session", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/auth/session")>()),
  requestCtx: async () => actionCtx,
}));

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

/** A worker's report of 08:00–16:30 on a finished 08:00–16:30 shift; its id and application. */
async function reported() {
  const worker = (await createUser(db, { roles: [ROLE.worker] })).id;
  const job = await insertJob(db, {
    name: "Edit hours job",
    companyId: w.companyA,
    countryId: w.countryId,
    shifts: [
      {
        startsAt: at(21, 8),
        endsAt: at(21, 16, 30),
        slots: [{ skillId: w.skill, positions: 1 }],
      },
    ],
  });
  const app = await applyOn(db, job.shifts[0].slots[0].id, worker, "Booked");
  const report = await reportHours(await ctxOf(worker), {
    application_id: app,
    start: "08:00",
    end: "16:30",
    comment: "Loaded the van",
  });
  return { worker, app, id: report.id };
}

const reportRow = async (id: number) =>
  (await db.select().from(schema.reportedHours).where(eq(schema.reportedHours.id, id)))[0];

const BAD_START = "The start must be HH:mm or DD/MM/YYYY HH:mm.";
const BAD_END = "The end must be HH:mm or DD/MM/YYYY HH:mm.";

describe("Edit hours: one parse for the REST call and the dialog", () => {
  it("answers 422 on each field for 25:99 and abc, and writes nothing", async () => {
    const { id } = await reported();
    const before = await rowCounts(db);
    const row = await reportRow(id);
    const err = await appErrorOf(
      updateReportedHours(await ctxOf(w.pm), id, { start: "25:99", end: "abc" }),
    );
    expect(err).toMatchObject({ status: 422, errors: { start: [BAD_START], end: [BAD_END] } });
    // Each field on its own, and the other kinds of junk.
    for (const [body, field, message] of [
      [{ start: "25:99" }, "start", BAD_START],
      [{ end: "abc" }, "end", BAD_END],
      [{ end: "16:60" }, "end", BAD_END],
      [{ start: "" }, "start", "The start field is required."],
      [{ start: "8" }, "start", BAD_START],
      [{ end: "31/02/2026 16:00" }, "end", BAD_END],
    ] as const) {
      const e = await appErrorOf(updateReportedHours(await ctxOf(w.pm), id, body));
      expect(e.status).toBe(422);
      expect(e.errors).toEqual({ [field]: [message] });
    }
    expect(await rowCounts(db)).toEqual(before);
    expect(await reportRow(id)).toEqual(row);
  });

  it("refuses the same values through the approvals screen's server action (the dialog's path)", async () => {
    const { editHours } = await import("@/app/(app)/approvals/actions");
    const { id } = await reported();
    const before = await rowCounts(db);
    actionCtx = await ctxOf(w.pm);
    const result = await editHours(id, { start: "25:99", end: "abc", i_was_late: 0, comment: "" });
    expect(result).toMatchObject({
      ok: false,
      status: 422,
      errors: { start: [BAD_START], end: [BAD_END] },
    });
    expect(await rowCounts(db)).toEqual(before);
  });

  it("saving what is there writes nothing and says 'Nothing changed.'", async () => {
    const { id, worker } = await reported();
    const row = await reportRow(id);
    const before = await rowCounts(db);
    // The office's dialog sends every field: the same times, flag and (empty) office comment.
    const office = await updateReportedHours(await ctxOf(w.pm), id, {
      start: "08:00",
      end: "16:30",
      i_was_late: 0,
      comment: "",
    });
    expect(office).toMatchObject({ changed: false, message: NOTHING_CHANGED, minutes: 510 });
    expect(NOTHING_CHANGED).toBe("Nothing changed.");
    // The worker's own comment, unchanged; times as DD/MM/YYYY HH:mm naming the same instants.
    const own = await updateReportedHours(await ctxOf(worker), id, {
      start: "21/11/2026 08:00",
      end: "21/11/2026 16:30",
      comment: "Loaded the van",
    });
    expect(own).toMatchObject({ changed: false, message: NOTHING_CHANGED });
    expect(await rowCounts(db)).toEqual(before);
    expect(await reportRow(id)).toEqual(row);
  });

  it("a real change still writes the report and one activity row", async () => {
    const { id, app } = await reported();
    const result = await updateReportedHours(await ctxOf(w.pm), id, {
      start: "08:00",
      end: "16:00",
      i_was_late: 0,
      comment: "",
    });
    expect(result).toMatchObject({
      changed: true,
      message: "Hours updated successfully",
      minutes: 480,
    });
    const logs = await db
      .select()
      .from(schema.activityLog)
      .where(eq(schema.activityLog.subjectId, app));
    expect(logs.map((l) => l.description)).toContainEqual(
      expect.stringMatching(/^Changed the hours of .* from .*08:00.*16:30.* to .*08:00.*16:00/),
    );
    // Only a comment: a change too.
    const commented = await updateReportedHours(await ctxOf(w.pm), id, { comment: "Checked" });
    expect(commented).toMatchObject({ changed: true, office_comment: "Checked" });
  });
});
