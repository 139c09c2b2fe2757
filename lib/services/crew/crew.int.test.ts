import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { NextRequest } from "next/server";
import { schema, setDatabaseForTests, type Db, type DbHandle } from "@/db";
import { ROLE } from "@/lib/domain/permissions";
import { formatRange } from "@/lib/domain/format";
import { fromLocal } from "@/lib/domain/time";
import { issueApiToken } from "@/lib/services/auth/tokens";
import { testDatabase } from "@/lib/testing/db";
import { createUser, ctxFor } from "@/lib/testing/fixtures";
import { appErrorOf } from "@/lib/testing/app-error";
import { countingDb } from "@/lib/testing/counting-db";
import { callRoute } from "@/lib/testing/route-request";
import {
  createJobWorld,
  ensureRole,
  giveRole,
  insertJob,
  type InsertedJob,
  type JobWorld,
  type ShiftSpec,
} from "@/lib/testing/jobs-fixtures";
import type { ApplicationStatus } from "@/lib/domain/statuses";
import { fetchJobForView } from "../jobs/view";
import {
  crewListModel,
  crewListPdf,
  jobCrewStatus,
  shiftCrewStatus,
  updateAfterBook,
  type StatusCounts,
} from "./index";
import * as pdfRoute from "@/app/api/v2/crew-list-pdf/[jobId]/route";
import * as jobStatusRoute from "@/app/api/v2/job-crew-status/[id]/route";
import * as shiftStatusRoute from "@/app/api/v2/shift-crew-status/[id]/route";
import * as afterBookRoute from "@/app/api/v2/jobs/[id]/updateAfterBook/route";

const now = new Date("2026-11-22T09:00:00Z");
const TZ = "Europe/Copenhagen";
let handle: DbHandle;
let db: Db;
let w: JobWorld;
let jobA: InsertedJob;
let jobB: InsertedJob;
let nordic: InsertedJob;
/** Shift 3 of job A, removed in the editor. */
let deletedShift: number;
let viewerOnly: number;
const p: Record<string, number> = {};

const spec = (day: number, hour: number, slots: ShiftSpec["slots"]): ShiftSpec => {
  const startsAt = fromLocal({ year: 2026, month: 12, day, hour, minute: 0 }, TZ);
  return { startsAt, endsAt: new Date(startsAt.getTime() + 4 * 3_600_000), slots };
};
const at = (day: number, hour: number, minute = 0) =>
  fromLocal({ year: 2026, month: 12, day, hour, minute }, TZ);

async function apply(
  slotId: number,
  userId: number,
  status: ApplicationStatus,
  extra: { checkInAt?: Date; bookedAt?: Date } = {},
) {
  const [slot] = await db
    .select({ shiftId: schema.shiftSlots.shiftId })
    .from(schema.shiftSlots)
    .where(eq(schema.shiftSlots.id, slotId));
  const [row] = await db
    .insert(schema.applications)
    .values({ shiftSlotId: slotId, shiftId: slot.shiftId, assigneeId: userId, status, ...extra })
    .returning({ id: schema.applications.id });
  return row.id;
}

const counts = (c: Partial<StatusCounts>): StatusCounts => ({
  Applied: 0,
  Reserve: 0,
  Requested: 0,
  Denied: 0,
  "Request accepted": 0,
  "Request denied": 0,
  Booked: 0,
  "Report!": 0,
  Reported: 0,
  Approved: 0,
  ...c,
});

beforeAll(async () => {
  handle = await testDatabase();
  db = handle.db;
  setDatabaseForTests(handle);
  w = await createJobWorld(db);
  for (const name of ["Bea", "Bo", "Cy", "Di", "Ed", "Fi", "Gu", "Hu"])
    p[name] = (await createUser(db, { roles: [ROLE.worker], name: `${name} Worker` })).id;
  await db.update(schema.users).set({ phone: "+45 11 22 33 44" }).where(eq(schema.users.id, p.Bea));
  viewerOnly = (await createUser(db, { name: "Vi Viewer" })).id;
  await giveRole(db, viewerOnly, await ensureRole(db, "Job viewer (test)", ["job_view"]));

  jobA = await insertJob(db, {
    name: "Crew job A",
    companyId: w.companyA,
    countryId: w.countryId,
    shifts: [
      spec(10, 8, [
        { skillId: w.skill, positions: 3 },
        { skillId: w.skill2, positions: 1 },
        { skillId: w.skill3, positions: 2 },
      ]),
      spec(11, 8, [{ skillId: w.skill, positions: 2 }]),
      spec(12, 8, [{ skillId: w.skill, positions: 2 }]),
    ],
  });
  const [s1, s2, s3] = jobA.shifts;
  deletedShift = s3.id;
  // Shift 1: on Stagehand two of five applications hold a position; Bea has checked in.
  await apply(s1.slots[0].id, p.Bea, "Booked", { checkInAt: at(10, 7, 55), bookedAt: at(1, 9) });
  await apply(s1.slots[0].id, p.Bo, "Applied");
  await apply(s1.slots[0].id, p.Cy, "Reserve");
  await apply(s1.slots[0].id, p.Di, "Request accepted");
  await apply(s1.slots[0].id, p.Ed, "Denied");
  // Rigger: Fi worked, checked in and reported hours.
  const fi = await apply(s1.slots[1].id, p.Fi, "Reported", { checkInAt: at(10, 8, 5) });
  await db.insert(schema.reportedHours).values({
    applicationId: fi,
    shiftSlotId: s1.slots[1].id,
    startsAt: at(10, 8),
    endsAt: at(10, 11, 30),
  });
  // Runner slot removed after Hu was booked on it: neither counted nor listed.
  await apply(s1.slots[2].id, p.Hu, "Booked");
  await db
    .update(schema.shiftSlots)
    .set({ deletedAt: now })
    .where(eq(schema.shiftSlots.id, s1.slots[2].id));
  // Shift 2: Bea booked (not checked in), Gu requested.
  await apply(s2.slots[0].id, p.Bea, "Booked");
  await apply(s2.slots[0].id, p.Gu, "Requested");
  // Shift 3 removed after a booking.
  await apply(s3.slots[0].id, p.Gu, "Booked");
  await db.update(schema.shifts).set({ deletedAt: now }).where(eq(schema.shifts.id, s3.id));

  jobB = await insertJob(db, {
    name: "Crew job B",
    companyId: w.companyB,
    countryId: w.countryId,
    shifts: [spec(10, 8, [{ skillId: w.skill, positions: 1 }])],
  });
  await apply(jobB.shifts[0].slots[0].id, p.Bo, "Booked");

  nordic = await insertJob(db, {
    name: "Øresund Fest / Malmö",
    companyId: w.companyA,
    countryId: w.countryId,
    shifts: [spec(14, 18, [{ skillId: w.skill, positions: 70 }])],
  });
  for (let i = 0; i < 60; i++) {
    const u = await createUser(db, {
      roles: [ROLE.worker],
      name: `Crew ${String(i).padStart(2, "0")}`,
    });
    await apply(nordic.shifts[0].slots[0].id, u.id, "Booked");
  }
});
afterAll(async () => {
  await handle?.close();
});

const as = (userId: number) => ctxFor(db, userId, { now });

describe("jobCrewStatus", () => {
  it("counts only filled statuses as filled, and checked-in crew, per slot, shift and job", async () => {
    const status = await jobCrewStatus(await as(w.crewHandler), jobA.id);
    const [s1, s2] = jobA.shifts;
    expect(status.job).toEqual({
      id: jobA.id,
      name: "Crew job A",
      status: "Published",
      time_zone: TZ,
    });
    expect(status.shifts.map((s) => s.id)).toEqual([s1.id, s2.id]);
    expect(status.shifts[0]).toEqual({
      id: s1.id,
      start: "2026-12-10T08:00:00+01:00",
      end: "2026-12-10T12:00:00+01:00",
      positions: 4,
      filled: 3,
      free: 1,
      checked_in: 2,
      applications: counts({
        Booked: 1,
        Applied: 1,
        Reserve: 1,
        "Request accepted": 1,
        Denied: 1,
        Reported: 1,
      }),
      slots: [
        {
          id: s1.slots[0].id,
          skill: { id: w.skill, name: "Stagehand" },
          positions: 3,
          filled: 2,
          free: 1,
        },
        {
          id: s1.slots[1].id,
          skill: { id: w.skill2, name: "Rigger" },
          positions: 1,
          filled: 1,
          free: 0,
        },
      ],
    });
    expect(status.shifts[1]).toMatchObject({
      positions: 2,
      filled: 1,
      free: 1,
      checked_in: 0,
      applications: counts({ Booked: 1, Requested: 1 }),
    });
    expect(status).toMatchObject({
      positions: 6,
      filled: 4,
      free: 2,
      checked_in: 2,
      applications: counts({
        Booked: 2,
        Applied: 1,
        Reserve: 1,
        Requested: 1,
        "Request accepted": 1,
        Denied: 1,
        Reported: 1,
      }),
    });
  });

  it("needs two queries whatever the number of shifts", async () => {
    const counting = countingDb(handle);
    const ctx = { ...(await as(w.admin)), db: counting.db };
    counting.reset();
    await jobCrewStatus(ctx, jobA.id);
    expect(counting.statements()).toBe(2);
  });

  it("shows a client contact its own company's jobs only, and refuses workers and mere viewers", async () => {
    expect((await jobCrewStatus(await as(w.colA), jobA.id)).filled).toBe(4);
    expect((await appErrorOf(jobCrewStatus(await as(w.colB), jobA.id))).status).toBe(404);
    expect((await appErrorOf(jobCrewStatus(await as(w.worker), jobA.id))).status).toBe(403);
    expect((await appErrorOf(jobCrewStatus(await as(viewerOnly), jobA.id))).status).toBe(403);
    expect((await appErrorOf(jobCrewStatus(await as(w.admin), 999_999))).status).toBe(404);
    expect((await appErrorOf(jobCrewStatus(await as(w.admin), "x1"))).status).toBe(404);
  });
});

describe("shiftCrewStatus", () => {
  it("lists each slot's people, crew first, with phone, check-in and reported hours", async () => {
    const [s1] = jobA.shifts;
    const status = await shiftCrewStatus(await as(w.pm), s1.id);
    const job = await jobCrewStatus(await as(w.pm), jobA.id);
    const { slots, job: j, ...figures } = status;
    const { slots: jobSlots, ...jobFigures } = job.shifts[0];
    expect(j.id).toBe(jobA.id);
    expect(figures).toEqual(jobFigures);
    expect(slots.map(({ crew: _crew, ...s }) => s)).toEqual(jobSlots);

    const stagehands = slots[0].crew;
    expect(stagehands.map((c) => [c.worker.name, c.status])).toEqual([
      ["Bea Worker", "Booked"],
      ["Di Worker", "Request accepted"],
      ["Bo Worker", "Applied"],
      ["Cy Worker", "Reserve"],
      ["Ed Worker", "Denied"],
    ]);
    expect(stagehands[0]).toMatchObject({
      worker: { id: p.Bea, name: "Bea Worker", phone: "+45 11 22 33 44" },
      check_in_at: "2026-12-10T07:55:00+01:00",
      booked_at: "2026-12-01T09:00:00+01:00",
      reported_hours: null,
    });
    expect(slots[1].crew).toEqual([
      expect.objectContaining({
        worker: expect.objectContaining({ id: p.Fi }),
        status: "Reported",
        check_in_at: "2026-12-10T08:05:00+01:00",
        reported_hours: expect.objectContaining({
          start: "2026-12-10T08:00:00+01:00",
          end: "2026-12-10T11:30:00+01:00",
        }),
      }),
    ]);
    // The removed Runner slot and Hu on it are not there.
    expect(slots).toHaveLength(2);
  });

  it("answers in two queries", async () => {
    const counting = countingDb(handle);
    const ctx = { ...(await as(w.admin)), db: counting.db };
    counting.reset();
    await shiftCrewStatus(ctx, jobA.shifts[0].id);
    expect(counting.statements()).toBe(2);
  });

  it("is 404 for a removed shift or another company's, 403 for a worker", async () => {
    expect((await appErrorOf(shiftCrewStatus(await as(w.admin), deletedShift))).status).toBe(404);
    expect((await appErrorOf(shiftCrewStatus(await as(w.colB), jobA.shifts[0].id))).status).toBe(
      404,
    );
    expect((await appErrorOf(shiftCrewStatus(await as(w.colA), jobB.shifts[0].id))).status).toBe(
      404,
    );
    expect((await appErrorOf(shiftCrewStatus(await as(w.worker), jobA.shifts[0].id))).status).toBe(
      403,
    );
  });
});

describe("updateAfterBook", () => {
  it("gives the job status and the fill figures of job, shifts and slots, as the job page shows them", async () => {
    const after = await updateAfterBook(await as(w.crewHandler), jobA.id);
    const [s1, s2] = jobA.shifts;
    expect(after).toEqual({
      id: jobA.id,
      status: "Published",
      positions: 6,
      filled: 4,
      shifts: [
        {
          id: s1.id,
          positions: 4,
          filled: 3,
          slots: [
            { id: s1.slots[0].id, positions: 3, filled: 2 },
            { id: s1.slots[1].id, positions: 1, filled: 1 },
          ],
        },
        {
          id: s2.id,
          positions: 2,
          filled: 1,
          slots: [{ id: s2.slots[0].id, positions: 2, filled: 1 }],
        },
      ],
    });
    const view = await fetchJobForView(await as(w.crewHandler), jobA.id);
    expect(view.filled).toBe(after.filled);
    expect(view.shifts.map((s) => [s.id, s.positions, s.filled])).toEqual(
      after.shifts.map((s) => [s.id, s.positions, s.filled]),
    );
  });

  it("follows a booking", async () => {
    const app = await apply(jobA.shifts[1].slots[0].id, p.Cy, "Booked");
    try {
      const after = await updateAfterBook(await as(w.admin), jobA.id);
      expect(after.filled).toBe(5);
      expect(after.shifts[1].slots[0].filled).toBe(2);
    } finally {
      await db.delete(schema.applications).where(eq(schema.applications.id, app));
    }
  });

  it("is for the book tab's users in scope", async () => {
    expect((await updateAfterBook(await as(w.colA), jobA.id)).id).toBe(jobA.id);
    expect((await appErrorOf(updateAfterBook(await as(w.colB), jobA.id))).status).toBe(404);
    expect((await appErrorOf(updateAfterBook(await as(w.worker), jobA.id))).status).toBe(403);
  });
});

describe("crew list", () => {
  it("lists the crew (filled statuses only) per shift with the default fields", async () => {
    const model = await crewListModel(await as(w.admin), jobA.id, {});
    const [s1, s2] = jobA.shifts;
    expect(model.title).toBe("Crew job A");
    expect(model.company).toBe("Company A");
    expect(model.columns.map((c) => c.key)).toEqual(["name", "phone", "skill", "status"]);
    expect(model.sections.map((s) => s.shiftIds)).toEqual([[s1.id], [s2.id]]);
    expect(model.sections[0].heading).toBe("10/12/2026 08:00 – 12:00");
    expect(model.sections[0].rows).toEqual([
      ["Bea Worker", "+45 11 22 33 44", "Stagehand", "Booked"],
      ["Di Worker", "", "Stagehand", "Request accepted"],
      ["Fi Worker", "", "Rigger", "Reported"],
    ]);
    expect(model.sections[1].rows).toEqual([
      ["Bea Worker", "+45 11 22 33 44", "Stagehand", "Booked"],
    ]);
    expect(model.crewCount).toBe(4);
  });

  it("honours the shifts filter, as a comma list or repeated", async () => {
    const [s1, s2] = jobA.shifts;
    const only2 = await crewListModel(await as(w.admin), jobA.id, { shifts: String(s2.id) });
    expect(only2.sections.map((s) => s.shiftIds)).toEqual([[s2.id]]);
    expect(only2.crewCount).toBe(1);
    const both = await crewListModel(await as(w.admin), jobA.id, {
      shifts: [String(s2.id), String(s1.id)],
    });
    expect(both.sections.map((s) => s.shiftIds)).toEqual([[s1.id], [s2.id]]);
    const comma = await crewListModel(await as(w.admin), jobA.id, { shifts: `${s1.id},${s2.id}` });
    expect(comma.crewCount).toBe(4);
  });

  it("groups by skill with a shift column, and shows check-in and reported hours", async () => {
    const model = await crewListModel(await as(w.admin), jobA.id, {
      fields: "name,skill,check_in,hours",
      group_by: "skill",
    });
    expect(model.columns.map((c) => c.key)).toEqual(["shift", "name", "check_in", "hours"]);
    expect(model.sections.map((s) => s.heading)).toEqual(["Stagehand", "Rigger"]);
    const [s1, s2] = jobA.shifts;
    const label1 = formatRange(at(10, 8), at(10, 12), TZ);
    const label2 = formatRange(at(11, 8), at(11, 12), TZ);
    expect(model.sections[0].shiftIds).toEqual([s1.id, s2.id]);
    expect(model.sections[0].rows).toEqual([
      [label1, "Bea Worker", "07:55", ""],
      [label1, "Di Worker", "", ""],
      [label2, "Bea Worker", "", ""],
    ]);
    expect(model.sections[1].rows).toEqual([
      [label1, "Fi Worker", "08:05", "08:00–11:30 (3 h 30 min)"],
    ]);
  });

  it("refuses unknown fields, group_by values and shifts of other jobs with 422", async () => {
    const ctx = await as(w.admin);
    const badField = await appErrorOf(crewListPdf(ctx, jobA.id, { fields: "name,salary" }));
    expect(badField.status).toBe(422);
    expect(badField.message).toContain('"salary"');
    expect(badField.errors?.fields?.[0]).toMatch(/choose from name, phone, email/);
    const badGroup = await appErrorOf(crewListPdf(ctx, jobA.id, { group_by: "worker" }));
    expect(badGroup.status).toBe(422);
    expect(badGroup.message).toBe('group_by must be "shift" or "skill".');
    const foreign = await appErrorOf(crewListPdf(ctx, jobA.id, { shifts: jobB.shifts[0].id }));
    expect(foreign.status).toBe(422);
    expect(foreign.errors?.shifts).toBeDefined();
    const removed = await appErrorOf(crewListPdf(ctx, jobA.id, { shifts: deletedShift }));
    expect(removed.status).toBe(422);
    const junk = await appErrorOf(crewListPdf(ctx, jobA.id, { shifts: "1;drop" }));
    expect(junk.status).toBe(422);
  });

  it("renders a PDF named after the job", async () => {
    const { buffer, filename } = await crewListPdf(await as(w.colA), jobA.id, {});
    expect(buffer.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(filename).toBe("Crew job A crewlist.pdf");
    expect(pageCount(buffer)).toBe(1);
  });

  it("runs a long crew over several pages", async () => {
    const { buffer, filename } = await crewListPdf(await as(w.admin), nordic.id, {
      fields: "name,phone,email,skill,status,check_in,hours",
    });
    expect(filename).toBe("Øresund Fest / Malmö crewlist.pdf");
    expect(pageCount(buffer)).toBeGreaterThan(1);
  });

  it("is 404 for another company's client contact and 403 for a worker", async () => {
    expect((await appErrorOf(crewListPdf(await as(w.colB), jobA.id, {}))).status).toBe(404);
    expect((await appErrorOf(crewListPdf(await as(w.worker), jobA.id, {}))).status).toBe(403);
  });
});

/** Page objects in the file (pdfkit writes its object dictionaries uncompressed). */
const pageCount = (pdf: Buffer) =>
  pdf.toString("latin1").match(/\/Type \/Page\b(?!s)/g)?.length ?? 0;

describe("REST", () => {
  const token = async (userId: number) =>
    (await issueApiToken(db, userId, new Date())).access_token;

  async function getPdf(path: string, jobId: number, bearer: string) {
    const request = new NextRequest(new URL(path, "http://localhost"), {
      headers: { authorization: `Bearer ${bearer}` },
    });
    return pdfRoute.GET(request, { params: Promise.resolve({ jobId: String(jobId) }) });
  }

  it("answers the crew list as a PDF attachment", async () => {
    const [s1] = jobA.shifts;
    const res = await getPdf(
      `/api/v2/crew-list-pdf/${jobA.id}?shifts=${s1.id}&fields=name,phone&group_by=skill`,
      jobA.id,
      await token(w.crewHandler),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="Crew job A crewlist.pdf"; filename*=UTF-8''Crew%20job%20A%20crewlist.pdf`,
    );
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(Number(res.headers.get("content-length"))).toBe(bytes.length);
  });

  it("names a non-ASCII file with filename* (RFC 5987)", async () => {
    const res = await getPdf(`/api/v2/crew-list-pdf/${nordic.id}`, nordic.id, await token(w.admin));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="_resund Fest _ Malm_ crewlist.pdf"; ` +
        `filename*=UTF-8''%C3%98resund%20Fest%20_%20Malm%C3%B6%20crewlist.pdf`,
    );
  });

  it("answers bad fields with a 422 JSON error, another company with 404, a worker with 403", async () => {
    const bad = await getPdf(
      `/api/v2/crew-list-pdf/${jobA.id}?fields=name,age`,
      jobA.id,
      await token(w.admin),
    );
    expect(bad.status).toBe(422);
    const body = (await bad.json()) as { message: string; errors: Record<string, string[]> };
    expect(body.message).toContain('"age"');
    expect(body.errors.fields).toHaveLength(1);
    expect(
      (await getPdf(`/api/v2/crew-list-pdf/${jobA.id}`, jobA.id, await token(w.colB))).status,
    ).toBe(404);
    expect(
      (await getPdf(`/api/v2/crew-list-pdf/${jobA.id}`, jobA.id, await token(w.worker))).status,
    ).toBe(403);
    const anonymous = await pdfRoute.GET(
      new NextRequest(`http://localhost/api/v2/crew-list-pdf/${jobA.id}`),
      {
        params: Promise.resolve({ jobId: String(jobA.id) }),
      },
    );
    expect(anonymous.status).toBe(401);
  });

  it("serves the status reads in the data envelope", async () => {
    const bearer = await token(w.colA);
    const job = await callRoute(jobStatusRoute.GET, `job-crew-status/${jobA.id}`, {
      token: bearer,
      params: { id: String(jobA.id) },
    });
    expect(job.status).toBe(200);
    expect((job.body as { data: { filled: number } }).data.filled).toBe(4);
    const shift = await callRoute(shiftStatusRoute.GET, `shift-crew-status/${jobA.shifts[0].id}`, {
      token: bearer,
      params: { id: String(jobA.shifts[0].id) },
    });
    expect((shift.body as { data: { slots: unknown[] } }).data.slots).toHaveLength(2);
    const after = await callRoute(afterBookRoute.GET, `jobs/${jobA.id}/updateAfterBook`, {
      token: bearer,
      params: { id: String(jobA.id) },
    });
    expect((after.body as { data: { status: string } }).data.status).toBe("Published");
    const other = await callRoute(jobStatusRoute.GET, `job-crew-status/${jobB.id}`, {
      token: bearer,
      params: { id: String(jobB.id) },
    });
    expect(other.status).toBe(404);
  });
});
