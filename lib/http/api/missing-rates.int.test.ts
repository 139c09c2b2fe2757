import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { schema, setDatabaseForTests, type Db, type DbHandle } from "@/db";
import { ROLE } from "@/lib/domain/permissions";
import { issueApiToken } from "@/lib/services/auth/tokens";
import { testDatabase } from "@/lib/testing/db";
import { createUser } from "@/lib/testing/fixtures";
import { createJobWorld, insertJob, type JobWorld } from "@/lib/testing/jobs-fixtures";
import { callRoute } from "@/lib/testing/route-request";
import * as applicationsRoute from "@/app/api/v2/applications/route";
import * as checkRoute from "@/app/api/v2/jobs/check-has-rate/route";
import * as missingBookRoute from "@/app/api/v2/rates/missing-rates-book/route";

let handle: DbHandle;
let db: Db;
let w: JobWorld;
let pm: string;
let colEditorA: string;
let colEditorB: string;
let workerToken: string;
let worker: number;

const tokenOf = async (userId: number) =>
  (await issueApiToken(db, userId, new Date())).access_token;

beforeAll(async () => {
  handle = await testDatabase();
  db = handle.db;
  setDatabaseForTests(handle);
  w = await createJobWorld(db);
  worker = (await createUser(db, { roles: [ROLE.worker], name: "Ole Hansen" })).id;
  await db.insert(schema.userSkills).values({ userId: worker, skillId: w.skill });
  pm = await tokenOf(w.pm);
  colEditorA = await tokenOf(w.colEditorA);
  colEditorB = await tokenOf(w.colEditorB);
  workerToken = await tokenOf(worker);
});
afterAll(async () => {
  await handle?.close();
});

type Body = { data?: unknown; message?: string; type?: string; errors?: Record<string, string[]> };
const body = (res: { body: unknown }) => res.body as Body;

let days = 4;
/** A job a few days ahead (the routes run on the real clock) with no worker rate. */
async function unratedSlot() {
  const start = new Date(Date.now() + ++days * 24 * 3_600_000);
  start.setUTCHours(8, 0, 0, 0);
  const job = await insertJob(db, {
    clientRates: true,
    name: `Unrated api job ${days}`,
    companyId: w.companyA,
    countryId: w.countryId,
    workerRates: false,
    shifts: [
      {
        startsAt: start,
        endsAt: new Date(start.getTime() + 8 * 3_600_000),
        slots: [{ skillId: w.skill, positions: 2 }],
      },
    ],
  });
  return { jobId: job.id, shiftId: job.shifts[0].id, slotId: job.shifts[0].slots[0].id };
}

const check = (token: string | undefined, json: unknown) =>
  callRoute(checkRoute.POST, "jobs/check-has-rate", { method: "POST", token, json });
const bookAnyway = (token: string | undefined, json: unknown) =>
  callRoute(missingBookRoute.POST, "rates/missing-rates-book", { method: "POST", token, json });
const places = (slotId: number) =>
  db.select().from(schema.applications).where(eq(schema.applications.shiftSlotId, slotId));

describe("POST /api/v2/applications without a worker rate", () => {
  it("410 missing_rates naming the worker and the skill, nothing written; book_anyway → 201", async () => {
    const s = await unratedSlot();
    const call = { assignee_id: worker, shift_slots: [s.slotId], status: "Booked" };
    const res = await callRoute(applicationsRoute.POST, "applications", {
      method: "POST",
      token: pm,
      json: call,
    });
    expect(res.status).toBe(410);
    expect(body(res)).toEqual({
      message: "There is no worker rate for Ole Hansen as Stagehand on this job. Book anyway?",
      type: "missing_rates",
    });
    expect(await places(s.slotId)).toEqual([]);
    const again = await callRoute(applicationsRoute.POST, "applications", {
      method: "POST",
      token: pm,
      json: { ...call, book_anyway: true },
    });
    expect(again.status).toBe(201);
    expect(body(again).data).toEqual([
      expect.objectContaining({ status: "Booked", book_anyway: true }),
    ]);
  });
});

describe("POST /api/v2/rates/missing-rates-book", () => {
  it("books with book_anyway set (201, the answer of POST applications)", async () => {
    const s = await unratedSlot();
    const res = await bookAnyway(pm, {
      assignee_id: worker,
      shiftIds: [s.shiftId],
      shift_slots: [s.slotId],
      status: "Booked",
    });
    expect(res.status).toBe(201);
    expect(body(res).data).toEqual([
      expect.objectContaining({ assignee_id: worker, status: "Booked", book_anyway: true }),
    ]);
    const [row] = await places(s.slotId);
    expect(row.bookAnyway).toBe(true);
  });

  it("401 without a token, 403 for a worker, 404 for another company's contact, 422 on bad input", async () => {
    const s = await unratedSlot();
    const call = { assignee_id: worker, shift_slots: [s.slotId], status: "Booked" };
    expect((await bookAnyway(undefined, call)).status).toBe(401);
    expect((await bookAnyway(workerToken, call)).status).toBe(403);
    expect((await bookAnyway(colEditorB, call)).status).toBe(404);
    const bad = await bookAnyway(pm, { ...call, assignee_id: "abc" });
    expect(bad.status).toBe(422);
    expect(body(bad).errors).toHaveProperty("assignee_id");
    expect((await bookAnyway(pm, { ...call, status: "Applied" })).status).toBe(422);
    const malformed = await callRoute(missingBookRoute.POST, "rates/missing-rates-book", {
      method: "POST",
      token: pm,
      rawBody: "{not json",
      headers: { "content-type": "application/json" },
    });
    expect(malformed.status).toBe(400);
    expect(await places(s.slotId)).toEqual([]);
  });
});

describe("POST /api/v2/jobs/check-has-rate", () => {
  it("{ data: { has_rate } }, with the rate for office users and without it for a client contact", async () => {
    const s = await unratedSlot();
    const q = { job_id: s.jobId, skill_id: w.skill, assignee_id: worker };
    expect(await check(pm, q)).toMatchObject({
      status: 200,
      body: { data: { has_rate: false } },
    });
    await db.insert(schema.workerRates).values({
      skillId: w.skill,
      jobId: s.jobId,
      currencyCode: "DKK",
      amount: 18000,
      nightAmount: 22000,
      nightStart: "22:00",
      nightEnd: "06:00",
    });
    const res = await check(pm, q);
    expect(res.status).toBe(200);
    expect(body(res).data).toMatchObject({
      has_rate: true,
      rate: {
        source: "job",
        currency_code: "DKK",
        amount: 18000,
        weekend_amount: null,
        night_amount: 22000,
        night_start: "22:00",
        night_end: "06:00",
      },
    });
    const col = await check(colEditorA, q);
    expect(col).toMatchObject({ status: 200, body: { data: { has_rate: true } } });
    expect(body(col).data).not.toHaveProperty("rate");
  });

  it("401, 403 for a worker, 404 for another company's job or an unknown id, 422 on bad input", async () => {
    const s = await unratedSlot();
    const q = { job_id: s.jobId, skill_id: w.skill, assignee_id: worker };
    expect((await check(undefined, q)).status).toBe(401);
    expect((await check(workerToken, q)).status).toBe(403);
    expect((await check(colEditorB, q)).status).toBe(404);
    expect((await check(pm, { ...q, job_id: 2_000_000_000 })).status).toBe(404);
    const bad = await check(pm, { job_id: 0, skill_id: "x" });
    expect(bad.status).toBe(422);
    expect(Object.keys(body(bad).errors ?? {}).sort()).toEqual([
      "assignee_id",
      "job_id",
      "skill_id",
    ]);
    expect((await check(pm, { ...q, job_id: 99_999_999_999 })).status).toBe(422);
  });
});
