import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count, eq } from "drizzle-orm";
import { schema, setDatabaseForTests, type Db, type DbHandle } from "@/db";
import { formatDateTime } from "@/lib/domain/format";
import { ROLE } from "@/lib/domain/permissions";
import { issueApiToken } from "@/lib/services/auth/tokens";
import { testDatabase } from "@/lib/testing/db";
import { createUser } from "@/lib/testing/fixtures";
import { callRoute, type ApiCall, type RouteHandler } from "@/lib/testing/route-request";
import { applyOn, createJobWorld, jobSnapshot, type JobWorld } from "@/lib/testing/jobs-fixtures";
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

// The route handlers use the real clock, so jobs are placed in next year's December (CET).
const YEAR = new Date().getUTCFullYear() + 1;
const TZ = "Europe/Copenhagen";
const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/;

let handle: DbHandle;
let db: Db;
let w: JobWorld;
const tokens: Record<string, string> = {};
let bea: number;

beforeAll(async () => {
  handle = await testDatabase();
  db = handle.db;
  setDatabaseForTests(handle);
  w = await createJobWorld(db);
  bea = (await createUser(db, { roles: [ROLE.worker], name: "Bea Booked" })).id;
  const who = {
    admin: w.admin,
    pm: w.pm,
    worker: w.worker,
    colA: w.colA,
    colB: w.colB,
    colEditorA: w.colEditorA,
    colEditorB: w.colEditorB,
  };
  for (const [k, id] of Object.entries(who))
    tokens[k] = (await issueApiToken(db, id, new Date())).access_token;
});
afterAll(async () => {
  await handle?.close();
});

interface ErrorBody {
  message: string;
  type?: string;
  errors?: Record<string, string[]>;
}
interface Envelope<T> {
  data: T;
}
interface ListEnvelope<T> {
  data: T[];
  meta: { current_page: number; last_page: number; per_page: number; total: number };
}
interface SlotJson {
  id: number;
  skill_id: number;
  skill: { id: number; name: string };
  positions: number;
  filled: number;
}
interface ShiftJson {
  id: number;
  start: string;
  end: string;
  shift_slots: SlotJson[];
  crew_bosses: { id: number; name: string }[];
}
interface JobJson {
  id: number;
  name: string;
  status: string;
  reason: string | null;
  company: { id: number; name: string };
  start: string;
  end: string;
  shifts: ShiftJson[];
}

const api = (handler: RouteHandler, path: string, call: ApiCall & { as?: string } = {}) =>
  callRoute(handler, path, { ...call, token: call.as ? tokens[call.as] : call.token });

function errorOf(res: { body: unknown; contentType: string }): ErrorBody {
  expect(res.contentType).toContain("application/json");
  const body = res.body as ErrorBody;
  expect(Object.keys(body).every((k) => ["message", "type", "errors"].includes(k))).toBe(true);
  expect(body.message.length).toBeGreaterThan(0);
  return body;
}

const shift = (over: Record<string, unknown> = {}) => ({
  startDate: `01/12/${YEAR}`,
  start: "08:00",
  endHour: "16:00",
  slots: [{ skill_id: w.skill, qty: 2 }],
  ...over,
});
const jobPayload = (over: Record<string, unknown> = {}) => ({
  name: "Contract gala",
  company_id: w.companyA,
  country_id: w.countryId,
  project_manager_id: w.pm,
  shifts: [shift()],
  ...over,
});

async function postJob(over: Record<string, unknown> = {}, as = "pm"): Promise<JobJson> {
  const res = await api(jobsRoute.POST, "jobs", { method: "POST", as, json: jobPayload(over) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return (res.body as Envelope<JobJson>).data;
}

const jobCount = async () => Number((await db.select({ n: count() }).from(schema.jobs))[0].n);

/** The edit payload the editor would send for a job as fetched from GET jobs/edit. */
async function editPayload(jobId: number, over: Record<string, unknown> = {}) {
  const res = await api(editRoute.GET, `jobs/edit?id=${jobId}`, { as: "pm" });
  expect(res.status).toBe(200);
  const form = (
    res.body as Envelope<{
      name: string;
      company_id: number;
      country_id: number;
      project_manager_id: number | null;
      shifts: { id: number; start: string; end: string; shift_slots: SlotJson[] }[];
    }>
  ).data;
  return {
    name: form.name,
    company_id: form.company_id,
    country_id: form.country_id,
    project_manager_id: form.project_manager_id,
    shifts: form.shifts.map((s) => ({
      id: s.id,
      start: formatDateTime(new Date(s.start), TZ),
      end: formatDateTime(new Date(s.end), TZ),
      shift_slots: s.shift_slots.map((x) => ({
        id: x.id,
        skill_id: x.skill_id,
        positions: x.positions,
      })),
    })),
    ...over,
  };
}

describe("POST /api/v2/jobs", () => {
  it("answers 201 with the job, its shifts and slots; times are ISO with the offset", async () => {
    const before = await jobCount();
    const job = await postJob({
      shifts: [
        shift({
          startDate: `02/12/${YEAR}`,
          start: "22:00",
          endHour: "04:00",
          slots: [
            { skill_id: w.skill, qty: 3 },
            { skill_id: w.skill2, qty: 1 },
          ],
        }),
        shift(),
      ],
    });
    expect(await jobCount()).toBe(before + 1);
    expect(job).toMatchObject({
      name: "Contract gala",
      status: "Published",
      company: { id: w.companyA, name: "Company A" },
      start: `${YEAR}-12-01T08:00:00+01:00`,
      end: `${YEAR}-12-03T04:00:00+01:00`,
    });
    expect(job.shifts.map((s) => [s.start, s.end])).toEqual([
      [`${YEAR}-12-01T08:00:00+01:00`, `${YEAR}-12-01T16:00:00+01:00`],
      [`${YEAR}-12-02T22:00:00+01:00`, `${YEAR}-12-03T04:00:00+01:00`],
    ]);
    for (const s of job.shifts) {
      expect(s.id).toEqual(expect.any(Number));
      expect(s.start).toMatch(ISO_WITH_OFFSET);
      expect(s.end).toMatch(ISO_WITH_OFFSET);
    }
    expect(job.shifts[1].shift_slots).toEqual([
      {
        id: expect.any(Number),
        skill_id: w.skill,
        skill: { id: w.skill, name: "Stagehand" },
        positions: 3,
        filled: 0,
      },
      {
        id: expect.any(Number),
        skill_id: w.skill2,
        skill: { id: w.skill2, name: "Rigger" },
        positions: 1,
        filled: 0,
      },
    ]);
  });

  it("answers 422 shifts_invalid 'Please enter valid shifts' for an empty shift list, writing nothing", async () => {
    const before = await jobCount();
    for (const shifts of [[], "x", null]) {
      const res = await api(jobsRoute.POST, "jobs", {
        method: "POST",
        as: "pm",
        json: jobPayload({ shifts }),
      });
      expect(res.status).toBe(422);
      const body = errorOf(res);
      expect(body.type).toBe("shifts_invalid");
      expect(body.message).toBe("Please enter valid shifts");
    }
    expect(await jobCount()).toBe(before);
  });

  // Bug: a body without the "shifts" key fails the zod object itself (shifts: z.unknown() is
  // required in zod 4), answering 422 validation_error "Invalid input: expected nonoptional,
  // received undefined" instead of shifts_invalid "Please enter valid shifts" (spec §5).
  it("answers 422 shifts_invalid when the shifts key is left out", async () => {
    const { shifts: _omitted, ...noShifts } = jobPayload();
    void _omitted;
    const res = await api(jobsRoute.POST, "jobs", { method: "POST", as: "pm", json: noShifts });
    expect(res.status).toBe(422);
    expect(errorOf(res)).toMatchObject({
      type: "shifts_invalid",
      message: "Please enter valid shifts",
    });
  });

  it("answers malformed JSON with 400 and wrong types with 422", async () => {
    const before = await jobCount();
    const bad = await api(jobsRoute.POST, "jobs", {
      method: "POST",
      as: "pm",
      rawBody: '{"name": "Broken",',
    });
    expect(bad.status).toBe(400);
    expect(errorOf(bad).type).toBe("malformed_json");
    const wrong = await api(jobsRoute.POST, "jobs", {
      method: "POST",
      as: "pm",
      json: jobPayload({ company_id: "abc", name: ["x"], shifts: [shift({ slots: "two" })] }),
    });
    expect(wrong.status).toBe(422);
    const body = errorOf(wrong);
    expect(Object.keys(body.errors ?? {})).toEqual(expect.arrayContaining(["company_id", "name"]));
    const huge = await api(jobsRoute.POST, "jobs", {
      method: "POST",
      as: "pm",
      json: jobPayload({ company_id: 99_999_999_999 }),
    });
    expect(huge.status).toBe(422);
    expect(await jobCount()).toBe(before);
  });

  it("answers 401 without a token", async () => {
    const res = await api(jobsRoute.POST, "jobs", { method: "POST", json: jobPayload() });
    expect(res.status).toBe(401);
    expect((await api(jobsRoute.GET, "jobs")).status).toBe(401);
  });
});

describe("GET /api/v2/jobs and the filter lists", () => {
  it("answers the list envelope, filtered by company, search, past and status slug", async () => {
    const upcoming = await postJob({ name: "Envelope upcoming", company_id: w.companyB });
    const draft = await postJob({
      name: "Envelope draft",
      company_id: w.companyB,
      status: "Draft",
    });
    const past = await postJob({
      name: "Envelope past",
      company_id: w.companyB,
      is_past: true,
      shifts: [shift({ startDate: `01/12/${YEAR - 2}` })],
    });

    const res = await api(jobsRoute.GET, `jobs?filter[company_id]=${w.companyB}&perPage=1`, {
      as: "pm",
    });
    expect(res.status).toBe(200);
    const list = res.body as ListEnvelope<JobJson>;
    expect(Object.keys(list).sort()).toEqual(["data", "meta"]);
    expect(list.meta).toEqual({ current_page: 1, last_page: 2, per_page: 1, total: 2 });
    expect(list.data.map((j) => j.id)).toEqual([upcoming.id]);
    expect(list.data[0].start).toMatch(ISO_WITH_OFFSET);

    const search = await api(jobsRoute.GET, "jobs?filter[search]=envelope%20DRAFT", { as: "pm" });
    expect((search.body as ListEnvelope<JobJson>).data.map((j) => j.id)).toEqual([draft.id]);

    const pastRes = await api(jobsRoute.GET, `jobs?past=1&filter[company_id]=${w.companyB}`, {
      as: "pm",
    });
    expect((pastRes.body as ListEnvelope<JobJson>).data.map((j) => j.id)).toEqual([past.id]);

    const published = await api(
      jobsRoute.GET,
      `jobs?filter[status]=published&filter[company_id]=${w.companyB}`,
      { as: "pm" },
    );
    expect((published.body as ListEnvelope<JobJson>).data.map((j) => j.id)).toEqual([upcoming.id]);
    const bogus = await api(jobsRoute.GET, "jobs?filter[status]=bogus", { as: "pm" });
    expect(bogus.status).toBe(422);
    const badPage = await api(jobsRoute.GET, "jobs?page=0", { as: "pm" });
    expect(badPage.status).toBe(422);

    const colA = await api(jobsRoute.GET, "jobs?perPage=100", { as: "colA" });
    const colAJobs = (colA.body as ListEnvelope<JobJson>).data;
    expect(colAJobs.every((j) => j.company.id === w.companyA)).toBe(true);
  });

  it("answers clientswithjobs and countrieswithjobs in the user's scope", async () => {
    await postJob({ name: "For the filter lists", company_id: w.companyB });
    const clients = await api(clientsRoute.GET, "clientswithjobs", { as: "pm" });
    expect(clients.status).toBe(200);
    expect((clients.body as Envelope<{ id: number; name: string }[]>).data).toContainEqual({
      id: w.companyB,
      name: "Company B",
    });
    const colA = await api(clientsRoute.GET, "clientswithjobs", { as: "colA" });
    expect((colA.body as Envelope<{ id: number }[]>).data.every((c) => c.id === w.companyA)).toBe(
      true,
    );
    const countries = await api(countriesRoute.GET, "countrieswithjobs", { as: "pm" });
    expect(countries.status).toBe(200);
    expect((countries.body as Envelope<{ id: number; name: string }[]>).data).toEqual([
      { id: w.countryId, name: "Denmark" },
    ]);
  });
});

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
    expect(del.body).toEqual({ data: { id: note.id, message: "Note deleted successfully" } });

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
