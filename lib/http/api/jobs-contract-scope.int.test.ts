import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { schema } from "@/db";
import { jobSnapshot } from "@/lib/testing/jobs-fixtures";
import * as jobsRoute from "@/app/api/v2/jobs/route";
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
import * as clientsRoute from "@/app/api/v2/clientswithjobs/route";
import * as countriesRoute from "@/app/api/v2/countrieswithjobs/route";
import * as shiftsRoute from "@/app/api/v2/shifts/route";
import * as addBossRoute from "@/app/api/v2/shifts/add-crew-boss/route";
import * as removeBossRoute from "@/app/api/v2/shifts/remove-crew-boss/route";
import * as slotRoute from "@/app/api/v2/shift-slots/[id]/route";
import {
  Envelope,
  JobJson,
  ListEnvelope,
  api,
  db,
  editPayload,
  errorOf,
  jobCount,
  jobPayload,
  postJob,
  setUpJobsContractDatabase,
  w,
} from "./jobs-contract.test-support";

setUpJobsContractDatabase();

describe("scope and permission matrix", () => {
  /** Every route that reads or writes one job, as [label, call]. */
  function jobRoutes(jobId: number, shiftId: number, as: string) {
    const params = { id: String(jobId) };
    return [
      ["GET fetchJobForView", () => api(viewRoute.GET, `jobs/fetchJobForView?id=${jobId}`, { as })],
      ["GET jobs/edit", () => api(editRoute.GET, `jobs/edit?id=${jobId}`, { as })],
      [
        "GET jobs/{id}/shifts",
        () => api(jobShiftsRoute.GET, `jobs/${jobId}/shifts`, { as, params }),
      ],
      [
        "PUT jobs/{id}",
        async () =>
          api(jobRoute.PUT, `jobs/${jobId}`, {
            method: "PUT",
            as,
            params,
            json: await editPayload(jobId, { name: "Hijacked" }),
          }),
      ],
      [
        "DELETE jobs/{id}",
        () => api(jobRoute.DELETE, `jobs/${jobId}`, { method: "DELETE", as, params }),
      ],
      [
        "POST status",
        () =>
          api(statusRoute.POST, `jobs/${jobId}/status/draft`, {
            method: "POST",
            as,
            params: { id: String(jobId), status: "draft" },
          }),
      ],
      [
        "POST change-reason",
        () =>
          api(reasonRoute.POST, `jobs/${jobId}/change-reason`, {
            method: "POST",
            as,
            params,
            json: { reason: "Hijacked" },
          }),
      ],
      [
        "POST add-crew-boss",
        () =>
          api(addBossRoute.POST, "shifts/add-crew-boss", {
            method: "POST",
            as,
            json: { shift_id: shiftId, user_id: w.pm },
          }),
      ],
    ] as const;
  }

  it("gives another company's client contact 404 on the job's routes, and nothing changes", async () => {
    const job = await postJob({ name: "Company A only" });
    const before = await jobSnapshot(db, job.id);
    for (const [label, call] of jobRoutes(job.id, job.shifts[0].id, "colEditorB")) {
      const res = await call();
      expect(res.status, label).toBe(404);
      errorOf(res);
    }
    // Without job_edit at all, the writes are refused before the job is looked up.
    for (const [label, call] of jobRoutes(job.id, job.shifts[0].id, "colB")) {
      const res = await call();
      expect([403, 404], label).toContain(res.status);
    }
    expect(await jobSnapshot(db, job.id)).toEqual(before);
    const list = await api(jobsRoute.GET, "jobs?perPage=100", { as: "colEditorB" });
    expect((list.body as ListEnvelope<JobJson>).data.map((j) => j.id)).not.toContain(job.id);
    // The same calls work for the job's own company.
    const own = await api(viewRoute.GET, `jobs/fetchJobForView?id=${job.id}`, { as: "colEditorA" });
    expect(own.status).toBe(200);
  });

  it("gives a client contact without job_edit 403 on writes to its own company's job", async () => {
    const job = await postJob({ name: "Own but read-only" });
    const before = await jobSnapshot(db, job.id);
    for (const [label, call] of jobRoutes(job.id, job.shifts[0].id, "colA").slice(3)) {
      expect((await call()).status, label).toBe(403);
    }
    expect(await jobSnapshot(db, job.id)).toEqual(before);
  });

  it("gives a Freelancer 403 on every job and shift write route and on the job lists", async () => {
    const job = await postJob({ name: "Not for workers" });
    const before = await jobSnapshot(db, job.id);
    const jobsBefore = await jobCount();
    const as = "worker";
    const writes = [
      ["POST jobs", () => api(jobsRoute.POST, "jobs", { method: "POST", as, json: jobPayload() })],
      ...jobRoutes(job.id, job.shifts[0].id, as).slice(3),
      [
        "POST remove-crew-boss",
        () =>
          api(removeBossRoute.POST, "shifts/remove-crew-boss", {
            method: "POST",
            as,
            json: { shift_id: job.shifts[0].id, user_id: w.pm },
          }),
      ],
      [
        "POST notes (on a user)",
        () =>
          api(notesRoute.POST, "notes", {
            method: "POST",
            as,
            json: { noteable_type: "users", noteable_id: w.pm, comment: "x" },
          }),
      ],
      ["GET jobs", () => api(jobsRoute.GET, "jobs", { as })],
      ["GET jobs past", () => api(jobsRoute.GET, "jobs?past=1", { as })],
      ["GET clientswithjobs", () => api(clientsRoute.GET, "clientswithjobs", { as })],
      ["GET countrieswithjobs", () => api(countriesRoute.GET, "countrieswithjobs", { as })],
      ["GET shifts", () => api(shiftsRoute.GET, "shifts", { as })],
      [
        "GET shift-slots/{id}",
        () =>
          api(slotRoute.GET, `shift-slots/${job.shifts[0].shift_slots[0].id}`, {
            as,
            params: { id: String(job.shifts[0].shift_slots[0].id) },
          }),
      ],
    ] as const;
    for (const [label, call] of writes) {
      const res = await call();
      expect(res.status, label).toBe(403);
      errorOf(res);
    }
    expect(await jobSnapshot(db, job.id)).toEqual(before);
    expect(await jobCount()).toBe(jobsBefore);
  });

  // Issue: "a worker gets 403 on every write". On job notes a Freelancer who is nobody's crew
  // boss gets 404 (job treated as invisible) from save-note, pin-note and POST/PUT/DELETE notes.
  it("gives a Freelancer 403 on every note write route", async () => {
    const job = await postJob({ name: "Worker notes" });
    const saved = await api(saveNoteRoute.POST, "jobs/save-note", {
      method: "POST",
      as: "pm",
      json: { job_id: job.id, note: "Staff only" },
    });
    const noteId = (saved.body as Envelope<{ id: number }>).data.id;
    const as = "worker";
    const calls = [
      () =>
        api(saveNoteRoute.POST, "jobs/save-note", {
          method: "POST",
          as,
          json: { job_id: job.id, note: "x" },
        }),
      () => api(pinNoteRoute.POST, "jobs/pin-note", { method: "POST", as, json: { noteId } }),
      () =>
        api(notesRoute.POST, "notes", {
          method: "POST",
          as,
          json: { noteable_id: job.id, noteable_type: "jobs", comment: "x" },
        }),
      () =>
        api(noteRoute.PUT, `notes/${noteId}`, {
          method: "PUT",
          as,
          params: { id: String(noteId) },
          json: { comment: "x" },
        }),
      () =>
        api(noteRoute.DELETE, `notes/${noteId}`, {
          method: "DELETE",
          as,
          params: { id: String(noteId) },
        }),
    ];
    for (const call of calls) expect((await call()).status).toBe(403);
  });

  it("leaves job notes untouched when a Freelancer calls the note write routes", async () => {
    const job = await postJob({ name: "Worker notes untouched" });
    const saved = await api(saveNoteRoute.POST, "jobs/save-note", {
      method: "POST",
      as: "pm",
      json: { job_id: job.id, note: "Staff only" },
    });
    const noteId = (saved.body as Envelope<{ id: number }>).data.id;
    const as = "worker";
    const statuses = [
      await api(saveNoteRoute.POST, "jobs/save-note", {
        method: "POST",
        as,
        json: { job_id: job.id, note: "x" },
      }),
      await api(pinNoteRoute.POST, "jobs/pin-note", { method: "POST", as, json: { noteId } }),
      await api(noteRoute.PUT, `notes/${noteId}`, {
        method: "PUT",
        as,
        params: { id: String(noteId) },
        json: { comment: "x" },
      }),
      await api(noteRoute.DELETE, `notes/${noteId}`, {
        method: "DELETE",
        as,
        params: { id: String(noteId) },
      }),
    ].map((r) => r.status);
    for (const s of statuses) expect([403, 404]).toContain(s);
    const rows = await db.select().from(schema.notes).where(eq(schema.notes.noteableId, job.id));
    expect(rows.map((r) => [r.comment, r.isPinned])).toEqual([["Staff only", false]]);
  });
});
