import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schema, setDatabaseForTests, type Db, type DbHandle } from "@/db";
import { ROLE } from "@/lib/domain/permissions";
import { issueApiToken } from "@/lib/services/auth/tokens";
import { testDatabase } from "@/lib/testing/db";
import { createUser } from "@/lib/testing/fixtures";
import {
  applicationStatus,
  createJobWorld,
  insertJob,
  type JobWorld,
} from "@/lib/testing/jobs-fixtures";
import { callRoute } from "@/lib/testing/route-request";
import * as applicationsRoute from "@/app/api/v2/applications/route";
import * as applicationRoute from "@/app/api/v2/applications/[id]/route";
import * as changeRoute from "@/app/api/v2/application-change/route";
import * as changeOptionsRoute from "@/app/api/v2/application-change/[shiftId]/[applicationId]/route";
import * as bookableRoute from "@/app/api/v2/bookable-users/route";

let handle: DbHandle;
let db: Db;
let w: JobWorld;
let pm: string;
let col: string;
let workerToken: string;
let worker: number;

const tokenOf = async (userId: number) =>
  (await issueApiToken(db, userId, new Date())).access_token;

beforeAll(async () => {
  handle = await testDatabase();
  db = handle.db;
  setDatabaseForTests(handle);
  w = await createJobWorld(db);
  worker = (await createUser(db, { roles: [ROLE.worker], name: "Api Worker" })).id;
  await db.insert(schema.userSkills).values({ userId: worker, skillId: w.skill });
  pm = await tokenOf(w.pm);
  col = await tokenOf(w.colB);
  workerToken = await tokenOf(worker);
});
afterAll(async () => {
  await handle?.close();
});

interface Body {
  data?: unknown;
  meta?: Record<string, number>;
  message?: string;
  type?: string;
  errors?: Record<string, string[]>;
}
const body = (res: { body: unknown }) => res.body as Body;

/** A shift a few days ahead (the routes run on the real clock). */
async function futureSlot(positions = 1, daysAhead = 5) {
  const start = new Date(Date.now() + daysAhead * 24 * 3_600_000);
  start.setUTCHours(8, 0, 0, 0);
  const job = await insertJob(db, {
    clientRates: true,
    name: `Api job ${daysAhead}`,
    companyId: w.companyA,
    countryId: w.countryId,
    shifts: [
      {
        startsAt: start,
        endsAt: new Date(start.getTime() + 8 * 3_600_000),
        slots: [{ skillId: w.skill, positions }],
      },
    ],
  });
  return { shiftId: job.shifts[0].id, slotId: job.shifts[0].slots[0].id };
}

const post = (token: string | undefined, json: unknown) =>
  callRoute(applicationsRoute.POST, "applications", { method: "POST", token, json });

describe("POST /api/v2/applications", () => {
  it("answers 201 with { data: [application] } and the status as the spec writes it", async () => {
    const s = await futureSlot(1, 5);
    const res = await post(pm, {
      assignee_id: worker,
      shiftIds: [s.shiftId],
      shift_slots: [s.slotId],
      status: "Requested",
    });
    expect(res.status).toBe(201);
    const data = body(res).data as { id: number; status: string; assignee_id: number }[];
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({ status: "Requested", assignee_id: worker });

    // The worker accepts through PUT applications/{id}.
    const put = await callRoute(applicationRoute.PUT, `applications/${data[0].id}`, {
      method: "PUT",
      token: workerToken,
      params: { id: String(data[0].id) },
      json: { status: "Request accepted" },
    });
    expect(put.status).toBe(200);
    expect(body(put).data).toMatchObject({
      application: { status: "Request accepted" },
      message: "Request accepted",
    });
  });

  it("409 with the server message when the slot is full, and nothing written", async () => {
    const s = await futureSlot(1, 6);
    const other = (await createUser(db, { roles: [ROLE.worker] })).id;
    expect(
      (
        await post(pm, {
          assignee_id: other,
          shift_slots: [s.slotId],
          status: "Booked",
          book_anyway: true,
        })
      ).status,
    ).toBe(201);
    const res = await post(pm, { assignee_id: worker, shift_slots: [s.slotId], status: "Booked" });
    expect(res.status).toBe(409);
    expect(body(res)).toMatchObject({ type: "slot_full" });
    expect(body(res).message).toMatch(/^This shift slot is full/);
  });

  it("410 for too little rest, and 201 when repeated with closely", async () => {
    const first = await futureSlot(2, 8);
    const start = new Date(Date.now() + 8 * 24 * 3_600_000);
    start.setUTCHours(20, 0, 0, 0);
    const late = await insertJob(db, {
      clientRates: true,
      name: "Api late",
      companyId: w.companyA,
      countryId: w.countryId,
      shifts: [
        {
          startsAt: start,
          endsAt: new Date(start.getTime() + 3 * 3_600_000),
          slots: [{ skillId: w.skill, positions: 2 }],
        },
      ],
    });
    const lateSlot = late.shifts[0].slots[0].id;
    expect(
      (await post(pm, { assignee_id: worker, shift_slots: [first.slotId], status: "Booked" }))
        .status,
    ).toBe(201);
    const warn = await post(pm, { assignee_id: worker, shift_slots: [lateSlot], status: "Booked" });
    expect(warn.status).toBe(410);
    expect(body(warn).type).toBe("rest_time");
    const again = await post(pm, {
      assignee_id: worker,
      shift_slots: [lateSlot],
      status: "Booked",
      closely: true,
    });
    expect(again.status).toBe(201);
  });

  it("401 without a token, 403 for a worker booking, 422 for malformed JSON", async () => {
    const s = await futureSlot(1, 10);
    expect(
      (await post(undefined, { assignee_id: worker, shift_slots: [s.slotId], status: "Booked" }))
        .status,
    ).toBe(401);
    expect(
      (await post(workerToken, { assignee_id: worker, shift_slots: [s.slotId], status: "Booked" }))
        .status,
    ).toBe(403);
    const bad = await callRoute(applicationsRoute.POST, "applications", {
      method: "POST",
      token: pm,
      rawBody: "{nope",
      headers: { "content-type": "application/json" },
    });
    expect([400, 422]).toContain(bad.status);
    expect(body(bad).message).toBeTruthy();
  });

  it("a client contact cannot request workers on another company's job (404)", async () => {
    const s = await futureSlot(1, 11);
    const res = await post(col, {
      assignee_id: worker,
      shift_slots: [s.slotId],
      status: "Requested",
    });
    expect(res.status).toBe(404);
  });
});

describe("DELETE, application-change and bookable-users", () => {
  it("removes an application with the spec's message", async () => {
    const s = await futureSlot(1, 12);
    const created = await post(pm, {
      assignee_id: worker,
      shift_slots: [s.slotId],
      status: "Reserve",
    });
    const id = (body(created).data as { id: number }[])[0].id;
    const del = await callRoute(applicationRoute.DELETE, `applications/${id}`, {
      method: "DELETE",
      token: pm,
      params: { id: String(id) },
    });
    expect(del.status).toBe(200);
    expect(body(del).data).toMatchObject({ message: "Api Worker removed from Api job 12" });
    const gone = await callRoute(applicationRoute.DELETE, `applications/${id}`, {
      method: "DELETE",
      token: pm,
      params: { id: String(id) },
    });
    expect(gone.status).toBe(404);
  });

  it("lists move options and moves", async () => {
    const a = await futureSlot(1, 13);
    const created = await post(pm, {
      assignee_id: worker,
      shift_slots: [a.slotId],
      status: "Booked",
    });
    const id = (body(created).data as { id: number }[])[0].id;
    const options = await callRoute(
      changeOptionsRoute.GET,
      `application-change/${a.shiftId}/${id}`,
      {
        token: pm,
        params: { shiftId: String(a.shiftId), applicationId: String(id) },
      },
    );
    expect(options.status).toBe(200);
    const wrongShift = await callRoute(changeOptionsRoute.GET, `application-change/999999/${id}`, {
      token: pm,
      params: { shiftId: "999999", applicationId: String(id) },
    });
    expect(wrongShift.status).toBe(404);
    const bad = await callRoute(changeRoute.POST, "application-change", {
      method: "POST",
      token: pm,
      json: { application_id: id, shift_slot_id: "x" },
    });
    expect(bad.status).toBe(422);
    expect(await applicationStatus(db, id)).toBe("Booked");
  });

  it("pages bookable users with meta, and refuses a worker", async () => {
    const res = await callRoute(bookableRoute.GET, "bookable-users?page=1&perPage=2", {
      token: pm,
    });
    expect(res.status).toBe(200);
    expect(body(res).meta).toMatchObject({ current_page: 1, per_page: 2 });
    const denied = await callRoute(bookableRoute.GET, "bookable-users", { token: workerToken });
    expect(denied.status).toBe(403);
  });
});
