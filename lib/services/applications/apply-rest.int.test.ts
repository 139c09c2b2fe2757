import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { schema } from "@/db";
import { APPLICATION_MESSAGES } from "@/lib/domain/application-status";
import { applyOn } from "@/lib/testing/jobs-fixtures";
import { appErrorOf } from "@/lib/testing/app-error";
import { rowCounts } from "@/lib/testing/row-counts";
import {
  ctxOf,
  db,
  k,
  newSkill,
  newWorker,
  oneShift,
  setUpWorkerDatabase,
} from "../worker/worker.test-support";
import { bookApplications } from "./book";

setUpWorkerDatabase();

// now = Monday 2031-03-10 11:00 in Copenhagen (UTC+1); times are hours from now.
const apply = async (me: number, s: { shiftId: number; slotId: number }, closely = false) =>
  bookApplications(await ctxOf(me), {
    assignee_id: me,
    shiftIds: [s.shiftId],
    shift_slots: [s.slotId],
    status: "Applied",
    ...(closely ? { closely: true } : {}),
  });

/** A worker booked on Tuesday 11:00–17:00 (hours 24 to 30), and the job it is booked on. */
async function bookedWorker() {
  const skill = await newSkill();
  const me = await newWorker([skill], [k.branchA]);
  const booked = await oneShift(skill, 24, { name: "Harbour Gala", branches: [k.branchA] });
  await applyOn(db, booked.slotId, me, "Booked");
  return { skill, me };
}

const applicationsOf = (me: number, shiftId: number) =>
  db
    .select()
    .from(schema.applications)
    .where(and(eq(schema.applications.assigneeId, me), eq(schema.applications.shiftId, shiftId)));

describe("a worker applying next to a shift it is booked on", () => {
  it("is told, before applying, that the shift leaves less than the country's rest time (410), and nothing is written", async () => {
    const { skill, me } = await bookedWorker();
    // Wednesday 00:00–06:00: 7 hours after the booked shift ends.
    const after = await oneShift(skill, 37, { branches: [k.branchA] });
    // Monday 14:00–18:00 ends 17 hours before it starts: far enough.
    const before = await oneShift(skill, 3, {
      branches: [k.branchA],
      shifts: [{ from: 3, hours: 4, slots: [] }],
    });
    const counts = await rowCounts(db);
    const err = await appErrorOf(apply(me, after));
    expect(err.status).toBe(410);
    expect(err.type).toBe("rest_time");
    expect(err.message).toBe(
      "You are booked on Harbour Gala 11/03/2031 11:00 – 17:00, which leaves less than 11 hours of rest before or after this shift. Apply anyway?",
    );
    expect(await rowCounts(db)).toEqual(counts);
    // A shift with enough rest is applied for without a question.
    const [ok] = await apply(me, before);
    expect(ok.status).toBe("Applied");
  });

  it("warns about a shift that ends too short a time before the booked one, too", async () => {
    const { skill, me } = await bookedWorker();
    // Tuesday 05:00–09:00, two hours before the booked 11:00 start.
    const early = await oneShift(skill, 18, {
      branches: [k.branchA],
      shifts: [{ from: 18, hours: 4, slots: [] }],
    });
    const err = await appErrorOf(apply(me, early));
    expect([err.status, err.type]).toEqual([410, "rest_time"]);
    expect(await applicationsOf(me, early.shiftId)).toEqual([]);
  });

  it("applies anyway when the worker confirms (closely), recorded on the application and in the log", async () => {
    const { skill, me } = await bookedWorker();
    const after = await oneShift(skill, 37, { branches: [k.branchA] });
    const [app] = await apply(me, after, true);
    expect(app.status).toBe("Applied");
    const [row] = await applicationsOf(me, after.shiftId);
    expect(row).toMatchObject({ status: "Applied", closely: true });
    const [log] = await db
      .select()
      .from(schema.activityLog)
      .where(
        and(
          eq(schema.activityLog.subjectType, "applications"),
          eq(schema.activityLog.subjectId, row.id),
        ),
      );
    expect(log.properties).toMatchObject({ to: "Applied", closely: true });
    // The spec's toast for it stays as it is quoted.
    expect(APPLICATION_MESSAGES.applied).toBe("Succesfully applied");
  });

  it("refuses a shift at the same time as a booked one (409), whatever the flag, and writes nothing", async () => {
    const { skill, me } = await bookedWorker();
    const same = await oneShift(skill, 26, { branches: [k.branchA] });
    const counts = await rowCounts(db);
    for (const closely of [false, true]) {
      const err = await appErrorOf(apply(me, same, closely));
      expect([err.status, err.type]).toEqual([409, "overlap"]);
      expect(err.message).toBe(
        "You are already booked on Harbour Gala 11/03/2031 11:00 – 17:00 at the same time.",
      );
    }
    expect(await rowCounts(db)).toEqual(counts);
  });

  it("is not asked about shifts it only applied for, nor about a cancelled job's", async () => {
    const skill = await newSkill();
    const me = await newWorker([skill], [k.branchA]);
    const applied = await oneShift(skill, 24, { branches: [k.branchA] });
    await applyOn(db, applied.slotId, me, "Applied");
    const cancelled = await oneShift(skill, 24, { branches: [k.branchA], status: "Cancelled" });
    await applyOn(db, cancelled.slotId, me, "Booked");
    const after = await oneShift(skill, 33, { branches: [k.branchA] });
    const [app] = await apply(me, after);
    expect(app.status).toBe("Applied");
  });
});
