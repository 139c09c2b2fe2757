import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { schema } from "@/db";
import { applyOn } from "@/lib/testing/jobs-fixtures";
import { updateJob } from "../jobs/edit";
import {
  bea,
  bo,
  ctxOf,
  formOf,
  formShift,
  handle,
  makeJob,
  payloadOf,
  setUpEditDatabase,
  shiftIn,
  w,
} from "../jobs/edit.test-support";
import { openJobChat } from ".";

setUpEditDatabase();

/** The job editor removing a booked shift takes its crew out of the job chat (issue 26). */
describe("job chat and the job editor", () => {
  it("takes out the worker whose only shift was removed, and keeps the others", async () => {
    const job = await makeJob([
      shiftIn(),
      shiftIn({ startDate: "04/12/2026", slots: [{ skill_id: w.skill, qty: 3 }] }),
    ]);
    const form = await formOf(job.id);
    await applyOn(handle.db, form.shifts[0].shift_slots[0].id, bea, "Booked");
    await applyOn(handle.db, form.shifts[1].shift_slots[0].id, bo, "Booked");
    const { chat_id } = await openJobChat(await ctxOf(w.pm), { job_id: job.id });
    const members = async () =>
      (
        await handle.db
          .select({ id: schema.chatParticipants.userId })
          .from(schema.chatParticipants)
          .where(eq(schema.chatParticipants.chatId, chat_id))
      ).map((r) => r.id);
    expect(await members()).toEqual(expect.arrayContaining([w.pm, bea, bo]));

    await updateJob(await ctxOf(w.pm), job.id, {
      ...payloadOf(form, {
        shifts: [formShift(form.shifts[0]), formShift(form.shifts[1], { isDeleted: true })],
      }),
      cancel_bookings: true,
    });
    const after = await members();
    expect(after).toEqual(expect.arrayContaining([w.pm, bea]));
    expect(after).not.toContain(bo);
  });
});
