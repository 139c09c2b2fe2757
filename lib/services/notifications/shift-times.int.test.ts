import { describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { schema } from "@/db";
import { ROLE } from "@/lib/domain/permissions";
import { appErrorOf } from "@/lib/testing/app-error";
import { createUser } from "@/lib/testing/fixtures";
import { updateJob } from "../jobs/edit";
import {
  bea,
  bo,
  ctxOf,
  formShift,
  handle,
  jobWithCrew,
  payloadOf,
  setUpEditDatabase,
  w,
} from "../jobs/edit.test-support";

setUpEditDatabase();

const moved = (userId: number) =>
  handle.db
    .select()
    .from(schema.mailOutbox)
    .where(and(eq(schema.mailOutbox.userId, userId), eq(schema.mailOutbox.template, "shift_moved")))
    .orderBy(schema.mailOutbox.id);

/** A two-shift job (1 and 4 December): Bea holds a place on both, Bo on the first. */
async function crewedJob() {
  const applicant = (await createUser(handle.db, { roles: [ROLE.worker] })).id;
  const { job, form } = await jobWithCrew([
    [0, bea, "Booked"],
    [1, bea, "Request accepted"],
    [0, bo, "Booked"],
    [1, applicant, "Applied"],
  ]);
  return { job, form, applicant };
}

describe("a job edit that moves shift times", () => {
  it("sends each worker holding a place one moved mail per edit, with the new times", async () => {
    const { job, form, applicant } = await crewedJob();
    const [beaBefore, boBefore] = [(await moved(bea)).length, (await moved(bo)).length];
    await updateJob(await ctxOf(w.pm), job.id, {
      ...payloadOf(form, {
        shifts: [
          formShift(form.shifts[0], { start: "01/12/2026 09:00", end: "01/12/2026 17:00" }),
          formShift(form.shifts[1], { start: "04/12/2026 10:00", end: "04/12/2026 18:00" }),
        ],
      }),
    });
    const beaMails = (await moved(bea)).slice(beaBefore);
    expect(beaMails).toHaveLength(1);
    expect(beaMails[0].text).toContain("The times of your shifts on Edit me changed.");
    expect(beaMails[0].text).toContain("When: 01/12/2026 09:00–17:00");
    expect(beaMails[0].text).toContain("When: 04/12/2026 10:00–18:00");
    expect(beaMails[0].attachments).toHaveLength(2);
    const boMails = (await moved(bo)).slice(boBefore);
    expect(boMails).toHaveLength(1);
    expect(boMails[0].text).toContain("When: 01/12/2026 09:00–17:00");
    expect(boMails[0].text).not.toContain("04/12/2026");
    expect(await moved(applicant)).toEqual([]);
  });

  it("sends nothing when the edit leaves the times as they were", async () => {
    const { job, form } = await crewedJob();
    const [beaBefore, boBefore] = [(await moved(bea)).length, (await moved(bo)).length];
    await updateJob(await ctxOf(w.pm), job.id, {
      ...payloadOf(form, {
        shifts: [
          formShift(form.shifts[0], { notes_for_workers: "Bring gloves" }),
          formShift(form.shifts[1]),
        ],
      }),
    });
    expect(await moved(bea)).toHaveLength(beaBefore);
    expect(await moved(bo)).toHaveLength(boBefore);
  });

  it("honours a worker's preference: booking changes off, no mail", async () => {
    const { job, form } = await crewedJob();
    await handle.db
      .update(schema.users)
      .set({ notificationPrefs: { booking_changes: false } })
      .where(eq(schema.users.id, bo));
    const [beaBefore, boBefore] = [(await moved(bea)).length, (await moved(bo)).length];
    await updateJob(await ctxOf(w.pm), job.id, {
      ...payloadOf(form, {
        shifts: [formShift(form.shifts[0], { end: "01/12/2026 18:00" }), formShift(form.shifts[1])],
      }),
    });
    expect(await moved(bo)).toHaveLength(boBefore);
    const beaMails = (await moved(bea)).slice(beaBefore);
    expect(beaMails).toHaveLength(1);
    expect(beaMails[0].text).toContain("The times of your shift ");
    await handle.db
      .update(schema.users)
      .set({ notificationPrefs: {} })
      .where(eq(schema.users.id, bo));
  });

  it("a refused edit (a worker: 403; bad times: 422) sends nothing", async () => {
    const { job, form } = await crewedJob();
    const before = (await moved(bea)).length;
    const moving = payloadOf(form, {
      shifts: [
        formShift(form.shifts[0], { start: "01/12/2026 10:00" }),
        formShift(form.shifts[1], { start: "04/12/2026 99:00" }),
      ],
    });
    expect((await appErrorOf(updateJob(await ctxOf(bea), job.id, moving))).status).toBe(403);
    expect((await appErrorOf(updateJob(await ctxOf(w.pm), job.id, moving))).status).toBe(422);
    expect(await moved(bea)).toHaveLength(before);
  });
});
