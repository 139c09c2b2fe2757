import { describe, expect, it } from "vitest";
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
import { openJobChat } from ".";
import { chatMembers } from "./job-chat.test-support";

setUpEditDatabase();

/** The job editor removing a booked shift takes its crew out of the job chat (issue 26). */
describe("job chat and the job editor", () => {
  it("takes out the worker whose only shift was removed, and keeps the others", async () => {
    const { job, form } = await jobWithCrew(
      [
        [0, bea, "Booked"],
        [1, bo, "Booked"],
      ],
      { secondPlaces: 3 },
    );
    const { chat_id } = await openJobChat(await ctxOf(w.pm), { job_id: job.id });
    const members = () => chatMembers(handle.db, chat_id);
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
