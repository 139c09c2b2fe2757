import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { schema } from "@/db";
import { appErrorOf } from "@/lib/testing/app-error";
import { applicationStatus, jobRow, jobSnapshot } from "@/lib/testing/jobs-fixtures";
import { updateJob } from "./edit";
import { fetchJobForView } from "./view";
import {
  bea,
  bo,
  ctxOf,
  formOf,
  formShift,
  handle,
  jobWithCrew,
  makeJob,
  now,
  payloadOf,
  shiftIn,
  shiftRow,
  slotRow,
  setUpEditDatabase,
  w,
} from "./edit.test-support";

setUpEditDatabase();

describe("updateJob: shifts", () => {
  it("adds new shifts with ids new_{n} and their slots; the job's end follows", async () => {
    const job = await makeJob();
    const form = await formOf(job.id);
    await updateJob(
      await ctxOf(w.pm),
      job.id,
      payloadOf(form, {
        shifts: [
          ...form.shifts.map((s) => formShift(s)),
          {
            id: "new_1",
            start: "05/12/2026 18:00",
            end: "05/12/2026 23:30",
            description: "Get-out",
            shift_slots: [
              { id: null, skill_id: w.skill2, positions: 4 },
              { id: null, skill_id: w.skill3, positions: 1 },
            ],
          },
          {
            id: "new_2",
            start: "03/12/2026 07:00",
            duration: 2,
            shift_slots: [{ id: null, skill_id: w.skill, positions: 1 }],
          },
        ],
      }),
    );
    const view = await fetchJobForView(await ctxOf(w.pm), job.id);
    expect(view.shifts.map((s) => [s.start, s.end])).toEqual([
      ["2026-12-01T08:00:00+01:00", "2026-12-01T16:00:00+01:00"],
      ["2026-12-03T07:00:00+01:00", "2026-12-03T09:00:00+01:00"],
      ["2026-12-05T18:00:00+01:00", "2026-12-05T23:30:00+01:00"],
    ]);
    expect(view.shifts[2].description).toBe("Get-out");
    expect(view.shifts[2].shift_slots.map((s) => [s.skill.name, s.positions])).toEqual([
      ["Rigger", 4],
      ["Runner", 1],
    ]);
    expect(view.start).toBe("2026-12-01T08:00:00+01:00");
    expect(view.end).toBe("2026-12-05T23:30:00+01:00");
    expect(view.positions).toBe(2 + 1 + 5);
  });

  it("refuses shift ids that are neither an id nor new_{n}", async () => {
    const job = await makeJob();
    const form = await formOf(job.id);
    const err = await appErrorOf(
      updateJob(
        await ctxOf(w.pm),
        job.id,
        payloadOf(form, {
          shifts: [
            ...form.shifts.map((s) => formShift(s)),
            { ...formShift(form.shifts[0]), id: "new_x" },
          ],
        }),
      ),
    );
    expect(err.status).toBe(422);
    expect(err.type).toBe("shifts_invalid");
    expect(Object.keys(err.errors ?? {})).toContain("shifts.1.id");
  });

  it("recomputes the end from start and duration; the duration wins over an end", async () => {
    const job = await makeJob();
    const form = await formOf(job.id);
    await updateJob(
      await ctxOf(w.pm),
      job.id,
      payloadOf(form, {
        shifts: [
          formShift(form.shifts[0], {
            start: "01/12/2026 10:00",
            end: "01/12/2026 20:00",
            duration: 6.5,
            isEdited: true,
          }),
        ],
      }),
    );
    const after = await formOf(job.id);
    expect(after.shifts[0].start).toBe("2026-12-01T10:00:00+01:00");
    expect(after.shifts[0].end).toBe("2026-12-01T16:30:00+01:00");
    expect(after.shifts[0].duration).toBe(6.5);
    const row = await jobRow(handle.db, job.id);
    expect(row.startsAt?.toISOString()).toBe("2026-12-01T09:00:00.000Z");
    expect(row.endsAt?.toISOString()).toBe("2026-12-01T15:30:00.000Z");
  });

  it("moves an end before the start to the next day (22:00–04:00 overnight)", async () => {
    const job = await makeJob();
    const form = await formOf(job.id);
    await updateJob(
      await ctxOf(w.pm),
      job.id,
      payloadOf(form, {
        shifts: [formShift(form.shifts[0], { start: "01/12/2026 22:00", end: "01/12/2026 04:00" })],
      }),
    );
    const after = await formOf(job.id);
    expect(after.shifts[0].start).toBe("2026-12-01T22:00:00+01:00");
    expect(after.shifts[0].end).toBe("2026-12-02T04:00:00+01:00");
    expect(after.shifts[0].duration).toBe(6);
    expect(after.shifts[0].label).toBe("01/12/2026 22:00 – 04:00");
  });

  it("accepts a duration of exactly 24 hours (and an end equal to the start), refuses longer", async () => {
    const job = await makeJob();
    const form = await formOf(job.id);
    const ctx = await ctxOf(w.pm);
    await updateJob(
      ctx,
      job.id,
      payloadOf(form, { shifts: [formShift(form.shifts[0], { duration: 24 })] }),
    );
    let after = await formOf(job.id);
    expect(after.shifts[0].end).toBe("2026-12-02T08:00:00+01:00");
    expect(after.shifts[0].duration).toBe(24);

    await updateJob(
      ctx,
      job.id,
      payloadOf(form, {
        shifts: [formShift(form.shifts[0], { start: "01/12/2026 09:00", end: "01/12/2026 09:00" })],
      }),
    );
    after = await formOf(job.id);
    expect(after.shifts[0].end).toBe("2026-12-02T09:00:00+01:00");

    const before = await jobSnapshot(handle.db, job.id);
    for (const over of [
      { duration: 24.5 },
      { duration: 0 },
      { duration: -2 },
      { end: "02/12/2026 10:00" },
      { start: "31/11/2026 08:00" },
      { start: "01/12/2026" },
      { end: undefined },
    ]) {
      const err = await appErrorOf(
        updateJob(ctx, job.id, payloadOf(form, { shifts: [formShift(form.shifts[0], over)] })),
      );
      expect(err.status, JSON.stringify(over)).toBe(422);
      expect(err.type).toBe("shifts_invalid");
    }
    expect(await jobSnapshot(handle.db, job.id)).toEqual(before);
  });

  // Bug: planEditShift moves an overnight end by a fixed 24 h, so on the night the clocks go
  // back the end lands an hour early (03:00 instead of 04:00); createJob gets it right.
  it("puts an overnight end on the next day's wall-clock time across a DST change", async () => {
    const job = await makeJob([
      shiftIn({ startDate: "30/10/2027", start: "22:00", endHour: "04:00" }),
    ]);
    expect(job.shifts[0].end).toBe("2027-10-31T04:00:00+01:00"); // the create path
    const form = await formOf(job.id);
    await updateJob(
      await ctxOf(w.pm),
      job.id,
      payloadOf(form, {
        shifts: [formShift(form.shifts[0], { start: "30/10/2027 22:00", end: "30/10/2027 04:00" })],
      }),
    );
    const after = await formOf(job.id);
    expect(after.shifts[0].end).toBe("2027-10-31T04:00:00+01:00");
    expect(after.shifts[0].duration).toBe(7);
  });

  it("keeps a shift whose deleted flag was undone", async () => {
    const job = await makeJob([shiftIn(), shiftIn({ startDate: "02/12/2026" })]);
    const form = await formOf(job.id);
    await updateJob(
      await ctxOf(w.pm),
      job.id,
      payloadOf(form, {
        shifts: form.shifts.map((s) => formShift(s, { isDeleted: false, isEdited: false })),
      }),
    );
    expect((await formOf(job.id)).shifts.map((s) => s.id)).toEqual(form.shifts.map((s) => s.id));
  });

  it("hard-deletes a removed shift nobody ever applied to; the job's span follows", async () => {
    const { job, form } = await jobWithCrew();
    const gone = form.shifts[1];
    await updateJob(
      await ctxOf(w.pm),
      job.id,
      payloadOf(form, {
        shifts: [formShift(form.shifts[0]), formShift(gone, { isDeleted: true })],
      }),
    );
    expect(await shiftRow(gone.id)).toBeUndefined();
    expect(await slotRow(gone.shift_slots[0].id)).toBeUndefined();
    const row = await jobRow(handle.db, job.id);
    expect(row.endsAt?.toISOString()).toBe("2026-12-01T15:00:00.000Z");
    const log = await handle.db
      .select()
      .from(schema.activityLog)
      .where(eq(schema.activityLog.subjectId, job.id));
    expect(log.some((l) => (l.properties as { shiftsRemoved?: number }).shiftsRemoved === 1)).toBe(
      true,
    );
  });

  it("archives (not deletes) a removed shift that had applications but no bookings", async () => {
    const { job, form } = await jobWithCrew([[1, bea, "Applied"]]);
    const target = form.shifts[1];
    await updateJob(
      await ctxOf(w.pm),
      job.id,
      payloadOf(form, {
        shifts: [formShift(form.shifts[0]), formShift(target, { isDeleted: true })],
      }),
    );
    expect((await shiftRow(target.id)).deletedAt?.toISOString()).toBe(now.toISOString());
    expect((await formOf(job.id)).shifts.map((s) => s.id)).toEqual([form.shifts[0].id]);
  });

  it("asks before removing a booked shift (410 naming the workers), then cancels the bookings", async () => {
    const {
      job,
      form,
      applications: [a1, a2],
    } = await jobWithCrew(
      [
        [1, bea, "Booked"],
        [1, bo, "Request accepted"],
      ],
      { secondPlaces: 3 },
    );
    const target = form.shifts[1];
    const payload = payloadOf(form, {
      name: "Renamed while removing",
      shifts: [formShift(form.shifts[0]), formShift(target, { isDeleted: true })],
    });
    const before = await jobSnapshot(handle.db, job.id);

    const err = await appErrorOf(updateJob(await ctxOf(w.pm), job.id, payload));
    expect(err.status).toBe(410);
    expect(err.type).toBe("bookings_affected");
    expect(err.message).toContain("Bea Booked");
    expect(err.message).toContain("Bo Booked");
    expect(await jobSnapshot(handle.db, job.id)).toEqual(before);

    await updateJob(await ctxOf(w.pm), job.id, { ...payload, cancel_bookings: true });
    expect(await applicationStatus(handle.db, a1)).toBe("Denied");
    expect(await applicationStatus(handle.db, a2)).toBe("Denied");
    expect((await shiftRow(target.id)).deletedAt?.toISOString()).toBe(now.toISOString());
    const view = await fetchJobForView(await ctxOf(w.pm), job.id);
    expect(view.name).toBe("Renamed while removing");
    expect(view.shifts.map((s) => s.id)).toEqual([form.shifts[0].id]);
    expect(view.end).toBe("2026-12-01T16:00:00+01:00");
    const log = await handle.db
      .select()
      .from(schema.activityLog)
      .where(eq(schema.activityLog.subjectId, job.id));
    expect(
      log.some((l) => (l.properties as { bookingsCancelled?: number }).bookingsCancelled === 2),
    ).toBe(true);
  });

  it("refuses to remove a shift with hours reported (409 hours_reported), even with cancel_bookings", async () => {
    for (const status of ["Report!", "Reported", "Approved"] as const) {
      const {
        job,
        form,
        applications: [app],
      } = await jobWithCrew([[1, bea, status]]);
      const target = form.shifts[1];
      const before = await jobSnapshot(handle.db, job.id);
      const err = await appErrorOf(
        updateJob(
          await ctxOf(w.pm),
          job.id,
          payloadOf(form, {
            cancel_bookings: true,
            shifts: [formShift(form.shifts[0]), formShift(target, { isDeleted: true })],
          }),
        ),
      );
      expect(err.status, status).toBe(409);
      expect(err.type).toBe("hours_reported");
      expect(err.message).toContain("Bea Booked");
      expect(await applicationStatus(handle.db, app)).toBe(status);
      expect(await jobSnapshot(handle.db, job.id)).toEqual(before);
    }
  });

  it("refuses a shift id of another job and a slot id of another shift (422), changing nothing", async () => {
    const job = await makeJob();
    const other = await makeJob([shiftIn({ startDate: "03/12/2026" })], { name: "Other" });
    const form = await formOf(job.id);
    const otherForm = await formOf(other.id);
    const before = await jobSnapshot(handle.db, other.id);
    const err = await appErrorOf(
      updateJob(
        await ctxOf(w.pm),
        job.id,
        payloadOf(form, {
          shifts: [formShift(form.shifts[0]), formShift(otherForm.shifts[0], { isDeleted: true })],
        }),
      ),
    );
    expect(err.status).toBe(422);
    expect(err.type).toBe("shifts_invalid");
    expect(err.errors?.["shifts.1.id"]).toEqual(["This shift does not belong to the job."]);

    const err2 = await appErrorOf(
      updateJob(
        await ctxOf(w.pm),
        job.id,
        payloadOf(form, {
          shifts: [
            formShift(form.shifts[0], {
              shift_slots: [
                {
                  id: otherForm.shifts[0].shift_slots[0].id,
                  skill_id: w.skill,
                  positions: 9,
                },
              ],
            }),
          ],
        }),
      ),
    );
    expect(err2.status).toBe(422);
    expect(err2.errors?.["shifts.0.shift_slots.0.id"]).toEqual([
      "This slot does not belong to the shift.",
    ]);
    expect(await jobSnapshot(handle.db, other.id)).toEqual(before);
  });

  it("needs at least one live shift (422 shifts_invalid)", async () => {
    const job = await makeJob([shiftIn(), shiftIn({ startDate: "02/12/2026" })]);
    const form = await formOf(job.id);
    const before = await jobSnapshot(handle.db, job.id);
    const ctx = await ctxOf(w.pm);
    for (const shifts of [
      form.shifts.map((s) => formShift(s, { isDeleted: true })),
      [],
      undefined,
      "x",
      [{}],
    ]) {
      const err = await appErrorOf(updateJob(ctx, job.id, payloadOf(form, { shifts })));
      expect(err.status).toBe(422);
      expect(err.type).toBe("shifts_invalid");
      expect(err.message).toBe("Please enter valid shifts");
    }
    expect(await jobSnapshot(handle.db, job.id)).toEqual(before);
  });
});
