import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { schema, setDatabaseForTests, type Db, type DbHandle } from "@/db";
import { ROLE } from "@/lib/domain/permissions";
import { issueApiToken } from "@/lib/services/auth/tokens";
import { testDatabase } from "@/lib/testing/db";
import { createUser } from "@/lib/testing/fixtures";
import {
  applicationStatus,
  applyOn,
  createJobWorld,
  insertJob,
  type JobWorld,
} from "@/lib/testing/jobs-fixtures";
import { callRoute, type ApiCall, type RouteHandler } from "@/lib/testing/route-request";
import * as reportRoute from "@/app/api/v2/reported-hours/route";
import * as reportItemRoute from "@/app/api/v2/reported-hours/[id]/route";
import * as approveRoute from "@/app/api/v2/applications/[id]/approve/route";
import * as disapproveRoute from "@/app/api/v2/applications/[id]/disapprove/route";
import * as approvalsRoute from "@/app/api/v2/approvals/route";
import * as approveMatchingRoute from "@/app/api/v2/approvals/approve-matching/route";
import * as undoMatchingRoute from "@/app/api/v2/approvals/approve-matching/undo/route";

let handle: DbHandle;
let db: Db;
let w: JobWorld;
let pm: string;
let workerToken: string;
let otherToken: string;
let worker: number;

const tokenOf = async (userId: number) =>
  (await issueApiToken(db, userId, new Date())).access_token;

beforeAll(async () => {
  handle = await testDatabase();
  db = handle.db;
  setDatabaseForTests(handle);
  w = await createJobWorld(db);
  worker = (await createUser(db, { roles: [ROLE.worker] })).id;
  pm = await tokenOf(w.pm);
  workerToken = await tokenOf(worker);
  otherToken = await tokenOf((await createUser(db, { roles: [ROLE.worker] })).id);
});
afterAll(async () => {
  await handle?.close();
});

interface Body {
  data?: Record<string, unknown> & { id: number };
  meta?: Record<string, number>;
  message?: string;
  type?: string;
  errors?: Record<string, string[]>;
}
const body = (res: { body: unknown }) => res.body as Body;
const call = (handler: RouteHandler, path: string, c: ApiCall) => callRoute(handler, path, c);

/** A shift that ended yesterday evening (the routes run on the real clock). */
async function endedShift() {
  const end = new Date(Date.now() - 24 * 3_600_000);
  end.setUTCMinutes(0, 0, 0);
  const start = new Date(end.getTime() - 6 * 3_600_000);
  const job = await insertJob(db, {
    name: "Api hours job",
    companyId: w.companyA,
    countryId: w.countryId,
    shifts: [{ startsAt: start, endsAt: end, slots: [{ skillId: w.skill, positions: 1 }] }],
  });
  return {
    jobId: job.id,
    app: await applyOn(db, job.shifts[0].slots[0].id, worker, "Booked"),
    start,
    end,
  };
}

const hhmm = (d: Date) =>
  new Intl.DateTimeFormat("en-GB", {
    timeZone: "Europe/Copenhagen",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(d);

describe("/api/v2 hours", () => {
  it("reports (201), corrects, approves, disapproves and deletes through the routes", async () => {
    const { app, jobId, start, end } = await endedShift();
    const created = await call(reportRoute.POST, "reported-hours", {
      method: "POST",
      token: workerToken,
      json: { application_id: app, start: hhmm(start), end: hhmm(end), i_was_late: 1 },
    });
    expect(created.status).toBe(201);
    const report = body(created).data!;
    expect(report).toMatchObject({
      application_id: app,
      minutes: 360,
      i_was_late: 1,
      message: "Hours reported successfully",
    });

    const item = { params: { id: String(report.id) } };
    const put = await call(reportItemRoute.PUT, `reported-hours/${report.id}`, {
      method: "PUT",
      token: workerToken,
      json: { comment: "Break not taken" },
      ...item,
    });
    expect(put.status).toBe(200);
    expect(body(put).data).toMatchObject({ comment: "Break not taken", minutes: 360 });
    const junk = await call(reportItemRoute.PUT, `reported-hours/${report.id}`, {
      method: "PUT",
      token: pm,
      json: { start: "25:99", end: "abc" },
      ...item,
    });
    expect(junk.status).toBe(422);
    expect(body(junk).errors).toEqual({
      start: ["The start must be HH:mm or DD/MM/YYYY HH:mm."],
      end: ["The end must be HH:mm or DD/MM/YYYY HH:mm."],
    });
    const same = await call(reportItemRoute.PUT, `reported-hours/${report.id}`, {
      method: "PUT",
      token: workerToken,
      json: { comment: "Break not taken" },
      ...item,
    });
    expect(same.status).toBe(200);
    expect(body(same).data).toMatchObject({ changed: false, message: "Nothing changed." });

    const listed = await call(approvalsRoute.GET, `approvals?filter[job_id]=${jobId}`, {
      token: pm,
    });
    expect(listed.status).toBe(200);
    expect(body(listed).meta).toMatchObject({ current_page: 1, total: 1 });
    expect((body(listed) as unknown as { data: { id: number }[] }).data[0].id).toBe(app);

    const approveAsWorker = await call(approveRoute.POST, `applications/${app}/approve`, {
      method: "POST",
      token: workerToken,
      params: { id: String(app) },
    });
    expect(approveAsWorker.status).toBe(403);
    const approved = await call(approveRoute.POST, `applications/${app}/approve`, {
      method: "POST",
      token: pm,
      params: { id: String(app) },
    });
    expect(approved.status).toBe(200);
    expect(body(approved).data).toMatchObject({ status: "Approved", message: "Report approved!" });

    const locked = await call(reportItemRoute.DELETE, `reported-hours/${report.id}`, {
      method: "DELETE",
      token: workerToken,
      ...item,
    });
    expect(locked.status).toBe(409);

    const disapproved = await call(disapproveRoute.POST, `applications/${app}/disapprove`, {
      method: "POST",
      token: pm,
      params: { id: String(app) },
    });
    expect(body(disapproved).data).toMatchObject({
      status: "Reported",
      message: "Report Dissapproved!",
    });

    const deleted = await call(reportItemRoute.DELETE, `reported-hours/${report.id}`, {
      method: "DELETE",
      token: workerToken,
      ...item,
    });
    expect(deleted.status).toBe(200);
    expect(body(deleted).data).toMatchObject({ status: "Report!" });
    expect(await applicationStatus(db, app)).toBe("Report!");
  });

  it("answers 401, 404, 409 and 422 with the error envelope", async () => {
    const { app } = await endedShift();
    const anonymous = await call(reportRoute.POST, "reported-hours", {
      method: "POST",
      json: { application_id: app, start: "08:00", end: "16:00" },
    });
    expect(anonymous.status).toBe(401);
    const stranger = await call(reportRoute.POST, "reported-hours", {
      method: "POST",
      token: otherToken,
      json: { application_id: app, start: "08:00", end: "16:00" },
    });
    expect(stranger.status).toBe(404);
    const malformed = await call(reportRoute.POST, "reported-hours", {
      method: "POST",
      token: workerToken,
      rawBody: "{not json",
    });
    expect(malformed.status).toBe(400);
    const invalid = await call(reportRoute.POST, "reported-hours", {
      method: "POST",
      token: workerToken,
      json: { application_id: "x", start: 5 },
    });
    expect(invalid.status).toBe(422);
    expect(body(invalid).errors).toMatchObject({
      application_id: ["The application_id must be a number."],
      start: ["The start must be a time as HH:mm."],
      end: ["The end field is required."],
    });
    const badId = await call(reportItemRoute.PUT, "reported-hours/abc", {
      method: "PUT",
      token: pm,
      json: { start: "08:00" },
      params: { id: "abc" },
    });
    expect(badId.status).toBe(404);
    const badFilter = await call(approvalsRoute.GET, "approvals?filter[from]=2026-11-01", {
      token: pm,
    });
    expect(badFilter.status).toBe(422);
    const forbidden = await call(approvalsRoute.GET, "approvals", { token: workerToken });
    expect(forbidden.status).toBe(403);
  });

  it("answers 410 hours_unusual with the difference, and 201 when repeated with confirm_unusual", async () => {
    const { app, start, end } = await endedShift();
    // Ending an hour before the planned start: 23 hours on a 6-hour shift.
    const typo = new Date(start.getTime() - 3_600_000);
    const asked = await call(reportRoute.POST, "reported-hours", {
      method: "POST",
      token: workerToken,
      json: { application_id: app, start: hhmm(start), end: hhmm(typo) },
    });
    expect(asked.status).toBe(410);
    expect(asked.body).toMatchObject({
      type: "hours_unusual",
      details: { difference: "+17:00", difference_minutes: 17 * 60, reason: "difference" },
    });
    const listed = await call(approvalsRoute.GET, `approvals?filter[status]=missing`, {
      token: pm,
    });
    expect((body(listed) as unknown as { data: { id: number }[] }).data.map((r) => r.id)).toContain(
      app,
    );

    const saved = await call(reportRoute.POST, "reported-hours", {
      method: "POST",
      token: workerToken,
      json: { application_id: app, start: hhmm(start), end: hhmm(typo), confirm_unusual: 1 },
    });
    expect(saved.status).toBe(201);
    const fixed = await call(reportItemRoute.PUT, `reported-hours/${body(saved).data!.id}`, {
      method: "PUT",
      token: workerToken,
      json: { end: hhmm(end) },
      params: { id: String(body(saved).data!.id) },
    });
    expect(fixed.status).toBe(200);
    expect(body(fixed).data).toMatchObject({ minutes: 360 });
  });

  it("approves the matching reports through POST approvals/approve-matching, 403 for a worker", async () => {
    const { app, jobId, start, end } = await endedShift();
    await call(reportRoute.POST, "reported-hours", {
      method: "POST",
      token: workerToken,
      json: { application_id: app, start: hhmm(start), end: hhmm(end) },
    });
    const refused = await call(approveMatchingRoute.POST, "approvals/approve-matching", {
      method: "POST",
      token: workerToken,
      json: { filter: { job_id: jobId } },
    });
    expect(refused.status).toBe(403);
    expect(await applicationStatus(db, app)).toBe("Reported");
    // Without a check-in the rule leaves it: named apart by the GET, not approved by the POST.
    const unchecked = await call(
      approveMatchingRoute.GET,
      `approvals/approve-matching?filter[job_id]=${jobId}`,
      { method: "GET", token: pm },
    );
    expect(unchecked.status).toBe(200);
    expect(body(unchecked).data).toMatchObject({ count: 0, without_check_in: [{ id: app }] });
    await db
      .update(schema.applications)
      .set({ checkInAt: start })
      .where(eq(schema.applications.id, app));
    const preview = await call(
      approveMatchingRoute.GET,
      `approvals/approve-matching?filter[job_id]=${jobId}`,
      { method: "GET", token: pm },
    );
    expect(body(preview).data).toMatchObject({
      count: 1,
      application_ids: [app],
      hours: 6,
      rule: "start and end each within 15 minutes of the plan",
      without_check_in: [],
    });
    expect(await applicationStatus(db, app)).toBe("Reported");
    const done = await call(approveMatchingRoute.POST, "approvals/approve-matching", {
      method: "POST",
      token: pm,
      json: { filter: { job_id: jobId } },
    });
    expect(done.status).toBe(200);
    expect(body(done).data).toMatchObject({
      approved: [app],
      left: 0,
      message: "Approved 1 report, 6 hours",
    });
    expect(await applicationStatus(db, app)).toBe("Approved");
    const undo = await call(undoMatchingRoute.POST, "approvals/approve-matching/undo", {
      method: "POST",
      token: pm,
      json: { activity_id: body(done).data!.undo_activity_id },
    });
    expect(undo.status).toBe(200);
    expect(body(undo).data).toMatchObject({ restored: [app] });
    expect(await applicationStatus(db, app)).toBe("Reported");
    const again = await call(undoMatchingRoute.POST, "approvals/approve-matching/undo", {
      method: "POST",
      token: pm,
      json: { activity_id: body(done).data!.undo_activity_id },
    });
    expect(again.status).toBe(409);
    const bad = await call(approveMatchingRoute.POST, "approvals/approve-matching", {
      method: "POST",
      token: pm,
      json: { filter: { job_id: "abc" } },
    });
    expect(bad.status).toBe(422);
  });
});
