import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { schema } from "@/db";
import { applyOn } from "@/lib/testing/jobs-fixtures";
import * as jobRoute from "@/app/api/v2/jobs/[id]/route";
import * as statusRoute from "@/app/api/v2/jobs/[id]/status/[status]/route";
import * as reasonRoute from "@/app/api/v2/jobs/[id]/change-reason/route";
import * as jobShiftsRoute from "@/app/api/v2/jobs/[id]/shifts/route";
import * as editRoute from "@/app/api/v2/jobs/edit/route";
import * as viewRoute from "@/app/api/v2/jobs/fetchJobForView/route";
import * as saveNoteRoute from "@/app/api/v2/jobs/save-note/route";
import * as pinNoteRoute from "@/app/api/v2/jobs/pin-note/route";
import * as notesRoute from "@/app/api/v2/notes/route";
import * as noteRoute from "@/app/api/v2/notes/[id]/route";
import * as shiftsRoute from "@/app/api/v2/shifts/route";
import * as addBossRoute from "@/app/api/v2/shifts/add-crew-boss/route";
import * as removeBossRoute from "@/app/api/v2/shifts/remove-crew-boss/route";
import * as slotRoute from "@/app/api/v2/shift-slots/[id]/route";
import {
  Envelope,
  ErrorBody,
  JobJson,
  ListEnvelope,
  ShiftJson,
  TZ,
  YEAR,
  api,
  bea,
  db,
  editPayload,
  errorOf,
  postJob,
  shift,
  setUpJobsContractDatabase,
  w,
} from "./jobs-contract.test-support";

setUpJobsContractDatabase();

describe("one job through its routes", () => {
  it("views, edits, changes status and reason, lists shifts and deletes", async () => {
    const job = await postJob({ name: "Lifecycle" });
    const params = { id: String(job.id) };

    const view = await api(viewRoute.GET, `jobs/fetchJobForView?id=${job.id}`, { as: "pm" });
    expect(view.status).toBe(200);
    expect((view.body as Envelope<JobJson>).data.id).toBe(job.id);
    expect((await api(viewRoute.GET, "jobs/fetchJobForView", { as: "pm" })).status).toBe(404);
    expect(
      (await api(viewRoute.GET, "jobs/fetchJobForView?id=99999999", { as: "pm" })).status,
    ).toBe(404);

    const edit = await api(editRoute.GET, `jobs/edit?id=${job.id}`, { as: "pm" });
    expect(edit.status).toBe(200);
    expect((edit.body as Envelope<{ id: number; time_zone: string }>).data).toMatchObject({
      id: job.id,
      time_zone: TZ,
    });

    const payload = await editPayload(job.id, { name: "Lifecycle renamed" });
    payload.shifts.push({
      id: "new_1" as unknown as number,
      start: `05/12/${YEAR} 22:00`,
      end: `05/12/${YEAR} 04:00`,
      shift_slots: [{ id: null as unknown as number, skill_id: w.skill3, positions: 2 }],
    });
    const put = await api(jobRoute.PUT, `jobs/${job.id}`, {
      method: "PUT",
      as: "pm",
      params,
      json: payload,
    });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ data: { id: job.id, message: "Job successfully updated!" } });
    const badPut = await api(jobRoute.PUT, `jobs/${job.id}`, {
      method: "PUT",
      as: "pm",
      params,
      rawBody: "not json",
    });
    expect(badPut.status).toBe(400);
    const noShifts = await api(jobRoute.PUT, `jobs/${job.id}`, {
      method: "PUT",
      as: "pm",
      params,
      json: { ...payload, shifts: [] },
    });
    expect(noShifts.status).toBe(422);
    expect(errorOf(noShifts)).toMatchObject({
      type: "shifts_invalid",
      message: "Please enter valid shifts",
    });

    const shifts = await api(jobShiftsRoute.GET, `jobs/${job.id}/shifts`, { as: "pm", params });
    expect(shifts.status).toBe(200);
    const list = (shifts.body as Envelope<ShiftJson[]>).data;
    expect(list.map((s) => [s.start, s.end])).toEqual([
      [`${YEAR}-12-01T08:00:00+01:00`, `${YEAR}-12-01T16:00:00+01:00`],
      [`${YEAR}-12-05T22:00:00+01:00`, `${YEAR}-12-06T04:00:00+01:00`],
    ]);

    const noReason = await api(statusRoute.POST, `jobs/${job.id}/status/cancelled`, {
      method: "POST",
      as: "pm",
      params: { id: String(job.id), status: "cancelled" },
    });
    expect(noReason.status).toBe(422);
    const cancel = await api(statusRoute.POST, `jobs/${job.id}/status/cancelled`, {
      method: "POST",
      as: "pm",
      params: { id: String(job.id), status: "cancelled" },
      json: { reason: "Venue flooded" },
    });
    expect(cancel.status).toBe(200);
    expect(cancel.body).toEqual({
      data: { id: job.id, status: "Cancelled", reason: "Venue flooded" },
    });
    const illegal = await api(statusRoute.POST, `jobs/${job.id}/status/paid`, {
      method: "POST",
      as: "pm",
      params: { id: String(job.id), status: "paid" },
    });
    expect(illegal.status).toBe(409);
    expect(errorOf(illegal)).toMatchObject({
      type: "illegal_transition",
      message: "A job that is Cancelled cannot be set to Paid. Allowed: Published.",
    });
    const unknown = await api(statusRoute.POST, `jobs/${job.id}/status/bogus`, {
      method: "POST",
      as: "pm",
      params: { id: String(job.id), status: "bogus" },
    });
    expect(unknown.status).toBe(422);

    const reason = await api(reasonRoute.POST, `jobs/${job.id}/change-reason`, {
      method: "POST",
      as: "pm",
      params,
      json: { reason: "Venue flooded, moved to spring" },
    });
    expect(reason.status).toBe(200);
    expect(reason.body).toEqual({
      data: { id: job.id, reason: "Venue flooded, moved to spring" },
    });

    const del = await api(jobRoute.DELETE, `jobs/${job.id}`, {
      method: "DELETE",
      as: "pm",
      params,
    });
    expect(del.status).toBe(200);
    expect(del.body).toEqual({
      data: { id: job.id, archived: false, message: "Job deleted successfully" },
    });
    expect(
      (await api(viewRoute.GET, `jobs/fetchJobForView?id=${job.id}`, { as: "pm" })).status,
    ).toBe(404);
  });

  it("answers 410 bookings_affected when a PUT removes a booked shift, then saves with cancel_bookings", async () => {
    const job = await postJob({
      name: "Booked removal",
      shifts: [shift(), shift({ startDate: `03/12/${YEAR}` })],
    });
    const app = await applyOn(db, job.shifts[1].shift_slots[0].id, bea, "Booked");
    const payload = await editPayload(job.id);
    const params = { id: String(job.id) };
    const body = {
      ...payload,
      shifts: payload.shifts.map((s, i) => (i === 1 ? { ...s, isDeleted: true } : s)),
    };
    const confirm = await api(jobRoute.PUT, `jobs/${job.id}`, {
      method: "PUT",
      as: "pm",
      params,
      json: body,
    });
    expect(confirm.status).toBe(410);
    expect(errorOf(confirm)).toMatchObject({ type: "bookings_affected" });
    expect((confirm.body as ErrorBody).message).toContain("Bea Booked");
    const ok = await api(jobRoute.PUT, `jobs/${job.id}`, {
      method: "PUT",
      as: "pm",
      params,
      json: { ...body, cancel_bookings: true },
    });
    expect(ok.status).toBe(200);
    const [row] = await db
      .select()
      .from(schema.applications)
      .where(eq(schema.applications.id, app));
    expect(row.status).toBe("Denied");
  });
});

describe("POST /api/v2/jobs/{id}/status/{status} with a stray %", () => {
  // Bug: changeJobStatus runs decodeURIComponent on the already-decoded path parameter, so a
  // status holding a lone "%" (URL .../status/%25) throws URIError and the route answers 500.
  it("answers 422 unknown status, not 500", async () => {
    const job = await postJob({ name: "Percent status" });
    const res = await api(statusRoute.POST, `jobs/${job.id}/status/%25`, {
      method: "POST",
      as: "pm",
      params: { id: String(job.id), status: "%" },
    });
    expect(res.status).toBe(422);
  });
});

describe("notes routes", () => {
  it("save-note, list, edit, pin and delete through /api/v2", async () => {
    const job = await postJob({ name: "Noted" });
    const saved = await api(saveNoteRoute.POST, "jobs/save-note", {
      method: "POST",
      as: "pm",
      json: { job_id: job.id, note: "Load-in via gate 2" },
    });
    expect(saved.status).toBe(201);
    const note = (saved.body as Envelope<{ id: number; comment: string; is_pinned: boolean }>).data;
    expect(note).toMatchObject({ comment: "Load-in via gate 2", is_pinned: false });

    const missing = await api(saveNoteRoute.POST, "jobs/save-note", {
      method: "POST",
      as: "pm",
      json: { note: "No job" },
    });
    expect(missing.status).toBe(422);
    expect(errorOf(missing).errors?.job_id).toBeDefined();

    const posted = await api(notesRoute.POST, "notes", {
      method: "POST",
      as: "pm",
      json: { noteable_id: job.id, noteable_type: "jobs", comment: "Second" },
    });
    expect(posted.status).toBe(201);

    const pin = await api(pinNoteRoute.POST, "jobs/pin-note", {
      method: "POST",
      as: "pm",
      json: { noteId: note.id },
    });
    expect(pin.status).toBe(200);
    expect(pin.body).toEqual({ data: { id: note.id, is_pinned: true } });

    const list = await api(notesRoute.GET, `notes?filter[noteable_id]=${job.id}`, { as: "pm" });
    expect(list.status).toBe(200);
    const page = list.body as ListEnvelope<{ id: number; comment: string }>;
    expect(page.data.map((n) => n.comment)).toEqual(["Load-in via gate 2", "Second"]);
    expect(page.meta).toEqual({ current_page: 1, last_page: 1, per_page: 50, total: 2 });

    const put = await api(noteRoute.PUT, `notes/${note.id}`, {
      method: "PUT",
      as: "pm",
      params: { id: String(note.id) },
      json: { comment: "Load-in via gate 3" },
    });
    expect(put.status).toBe(200);
    expect((put.body as Envelope<{ comment: string }>).data.comment).toBe("Load-in via gate 3");
    const empty = await api(noteRoute.PUT, `notes/${note.id}`, {
      method: "PUT",
      as: "pm",
      params: { id: String(note.id) },
      json: { comment: "" },
    });
    expect(empty.status).toBe(422);

    const del = await api(noteRoute.DELETE, `notes/${note.id}`, {
      method: "DELETE",
      as: "pm",
      params: { id: String(note.id) },
    });
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ data: { id: note.id, message: "Note on Noted deleted" } });

    // Another company's contact: the job's notes do not exist for them.
    const colB = await api(notesRoute.GET, `notes?filter[noteable_id]=${job.id}`, { as: "colB" });
    expect(colB.status).toBe(404);
  });
});

describe("shifts routes", () => {
  it("lists shifts, reads a slot and adds and removes a crew boss", async () => {
    const job = await postJob({ name: "Crewed", company_id: w.companyB });
    const shiftId = job.shifts[0].id;
    const slotId = job.shifts[0].shift_slots[0].id;
    await applyOn(db, slotId, bea, "Booked");

    const list = await api(shiftsRoute.GET, `shifts?filter[job_id]=${job.id}`, { as: "pm" });
    expect(list.status).toBe(200);
    const page = list.body as ListEnvelope<{ id: number; start: string; filled: number }>;
    expect(page.data).toEqual([
      expect.objectContaining({ id: shiftId, start: `${YEAR}-12-01T08:00:00+01:00`, filled: 1 }),
    ]);
    expect(page.meta).toEqual({ current_page: 1, last_page: 1, per_page: 10, total: 1 });
    const local = await api(
      shiftsRoute.GET,
      `shifts?filter[job_id]=${job.id}&filter[from]=02/12/${YEAR}`,
      { as: "pm" },
    );
    expect((local.body as ListEnvelope<unknown>).meta.total).toBe(0);
    const badDate = await api(shiftsRoute.GET, "shifts?filter[from]=2026-12-01", { as: "pm" });
    expect(badDate.status).toBe(422);

    const slot = await api(slotRoute.GET, `shift-slots/${slotId}`, {
      as: "pm",
      params: { id: String(slotId) },
    });
    expect(slot.status).toBe(200);
    expect(
      (slot.body as Envelope<{ id: number; shift_id: number; filled: number }>).data,
    ).toMatchObject({ id: slotId, shift_id: shiftId, filled: 1 });
    const slotOther = await api(slotRoute.GET, `shift-slots/${slotId}`, {
      as: "colA",
      params: { id: String(slotId) },
    });
    expect(slotOther.status).toBe(404);

    const notBooked = await api(addBossRoute.POST, "shifts/add-crew-boss", {
      method: "POST",
      as: "pm",
      json: { shift_id: shiftId, user_id: w.worker },
    });
    expect(notBooked.status).toBe(409);
    expect(errorOf(notBooked).type).toBe("not_booked");
    const add = await api(addBossRoute.POST, "shifts/add-crew-boss", {
      method: "POST",
      as: "pm",
      json: { shift_id: shiftId, user_id: bea },
    });
    expect(add.status).toBe(200);
    expect((add.body as Envelope<{ user: { id: number } }>).data.user.id).toBe(bea);
    const shifts = await api(jobShiftsRoute.GET, `jobs/${job.id}/shifts`, {
      as: "pm",
      params: { id: String(job.id) },
    });
    expect((shifts.body as Envelope<ShiftJson[]>).data[0].crew_bosses).toEqual([
      { id: bea, name: "Bea Booked" },
    ]);
    const remove = await api(removeBossRoute.POST, "shifts/remove-crew-boss", {
      method: "POST",
      as: "pm",
      json: { shift_id: shiftId, user_id: bea },
    });
    expect(remove.status).toBe(200);
    const removeAgain = await api(removeBossRoute.POST, "shifts/remove-crew-boss", {
      method: "POST",
      as: "pm",
      json: { shift_id: shiftId, user_id: bea },
    });
    expect(removeAgain.status).toBe(404);
  });
});
