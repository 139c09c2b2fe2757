import { describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { schema } from "@/db";
import type { ApplicationStatus } from "@/lib/domain/statuses";
import { applyOn } from "@/lib/testing/jobs-fixtures";
import { appErrorOf } from "@/lib/testing/app-error";
import { callRoute } from "@/lib/testing/route-request";
import { issueApiToken } from "@/lib/services/auth/tokens";
import * as newJobsRoute from "@/app/api/v2/my-dashboard/new-jobs/route";
import * as checkInRoute from "@/app/api/v2/my-dashboard/check-in/route";
import * as nextShiftRoute from "@/app/api/v2/getNextShift/route";
import * as myShiftsRoute from "@/app/api/v2/my-dashboard/my-shifts/route";
import { checkIn, nextShift, type NewJob, type NewJobsCount } from ".";
import {
  at,
  ctxOf,
  db,
  newSkill,
  newWorker,
  now,
  oneShift,
  setUpWorkerDatabase,
  w,
} from "./worker.test-support";

setUpWorkerDatabase();

describe("checkIn", () => {
  async function booked(from = 4, status: ApplicationStatus = "Booked") {
    const skill = await newSkill();
    const me = await newWorker([skill]);
    const s = await oneShift(skill, from);
    const id = await applyOn(db, s.slotId, me, status);
    return { me, id, ...s };
  }

  it("refuses before the window with the time it opens, in the job's zone", async () => {
    const { me, id } = await booked(7);
    const err = await appErrorOf(checkIn(await ctxOf(me), { application_id: id, assignee_id: me }));
    expect(err.status).toBe(409);
    // Start 17:00Z = 18:00 in Copenhagen; opens six hours earlier.
    expect(err.message).toBe("Check-in opens at 12:00 on 10/03/2031.");
  });

  it("sets check_in_at to now inside the window, logs it, and keeps the first time", async () => {
    const { me, id } = await booked(4);
    const res = await checkIn(await ctxOf(me), { application_id: id, assignee_id: me });
    expect(res).toEqual({
      application_id: id,
      assignee_id: me,
      status: "Booked",
      check_in_at: "2031-03-10T11:00:00+01:00",
      already_checked_in: false,
      message: "Checked in",
    });
    const [row] = await db
      .select({ at: schema.applications.checkInAt })
      .from(schema.applications)
      .where(eq(schema.applications.id, id));
    expect(row.at?.getTime()).toBe(now.getTime());
    const logs = await db
      .select()
      .from(schema.activityLog)
      .where(
        and(
          eq(schema.activityLog.subjectType, "applications"),
          eq(schema.activityLog.subjectId, id),
        ),
      );
    expect(logs).toHaveLength(1);
    expect(logs[0].causerId).toBe(me);

    const again = await checkIn(await ctxOf(me, at(1)), { application_id: id, assignee_id: me });
    expect(again).toMatchObject({
      check_in_at: "2031-03-10T11:00:00+01:00",
      already_checked_in: true,
    });
    expect(await nextShift(await ctxOf(me, at(1)))).toMatchObject({
      id,
      check_in_at: "2031-03-10T11:00:00+01:00",
      can_check_in: false,
    });
  });

  it("refuses after the shift has ended", async () => {
    const { me, id } = await booked(-7);
    const err = await appErrorOf(checkIn(await ctxOf(me), { application_id: id, assignee_id: me }));
    expect([err.status, err.message]).toEqual([409, "This shift has ended."]);
  });

  it("refuses an application that is not booked", async () => {
    const { me, id } = await booked(2, "Applied");
    const err = await appErrorOf(checkIn(await ctxOf(me), { application_id: id, assignee_id: me }));
    expect([err.status, err.type]).toEqual([409, "not_booked"]);
  });

  it("hides another worker's application (404) and refuses checking in someone else (403)", async () => {
    const { me, id } = await booked(2);
    const stranger = await newWorker([]);
    const err = await appErrorOf(
      checkIn(await ctxOf(stranger), { application_id: id, assignee_id: me }),
    );
    expect(err.status).toBe(404);
    const err2 = await appErrorOf(
      checkIn(await ctxOf(stranger), { application_id: id, assignee_id: stranger }),
    );
    expect(err2.status).toBe(404);
    const err3 = await appErrorOf(
      checkIn(await ctxOf(me), { application_id: id, assignee_id: stranger }),
    );
    expect(err3.status).toBe(403);
    const unknown = await appErrorOf(
      checkIn(await ctxOf(me), { application_id: 2_000_000_000, assignee_id: me }),
    );
    expect(unknown.status).toBe(404);
  });

  it("lets a booker of the job check a worker in; a client contact may not", async () => {
    const { me, id } = await booked(1);
    expect(
      (await appErrorOf(checkIn(await ctxOf(w.colA), { application_id: id, assignee_id: me })))
        .status,
    ).toBe(403);
    const res = await checkIn(await ctxOf(w.crewHandler), { application_id: id, assignee_id: me });
    expect(res).toMatchObject({ assignee_id: me, already_checked_in: false });
    const err = await appErrorOf(
      checkIn(await ctxOf(w.crewHandler), { application_id: id, assignee_id: w.worker }),
    );
    expect(err.status).toBe(422);
  });

  it("answers 422 for missing or malformed fields", async () => {
    const err = await appErrorOf(checkIn(await ctxOf(w.worker), { application_id: "x" }));
    expect(err.status).toBe(422);
    expect(Object.keys(err.errors ?? {}).sort()).toEqual(["application_id", "assignee_id"]);
  });
});

describe("REST /api/v2/my-dashboard", () => {
  // Route handlers run on the real clock: the data lies around the real now.
  it("answers the counter, the page envelope, the next shift and check-in", async () => {
    const real = new Date();
    const skill = await newSkill();
    const me = await newWorker([skill]);
    const token = (await issueApiToken(db, me, real)).access_token;
    const s = await oneShift(skill, 2, { base: real });
    await oneShift(skill, 50, { base: real });

    const count = await callRoute(newJobsRoute.GET, "my-dashboard/new-jobs?count=1", { token });
    expect(count.status).toBe(200);
    expect((count.body as { data: NewJobsCount }).data).toEqual({ count: 2, label: "2" });
    const list = await callRoute(newJobsRoute.GET, "my-dashboard/new-jobs?perPage=1&page=2", {
      token,
    });
    const body = list.body as { data: NewJob[]; meta: { total: number; last_page: number } };
    expect([body.data.length, body.meta.total, body.meta.last_page]).toEqual([1, 2, 2]);

    const id = await applyOn(db, s.slotId, me, "Booked");
    const next = await callRoute(nextShiftRoute.GET, "getNextShift", { token });
    expect((next.body as { data: { id: number; can_check_in: boolean } }).data).toMatchObject({
      id,
      can_check_in: true,
    });
    const checked = await callRoute(checkInRoute.POST, "my-dashboard/check-in", {
      method: "POST",
      token,
      json: { application_id: id, assignee_id: me },
    });
    expect(checked.status).toBe(200);
    expect((checked.body as { data: { message: string } }).data.message).toBe("Checked in");
    const bad = await callRoute(checkInRoute.POST, "my-dashboard/check-in", {
      method: "POST",
      token,
      json: { application_id: "nope", assignee_id: me },
    });
    expect(bad.status).toBe(422);

    const mine = await callRoute(myShiftsRoute.GET, "my-dashboard/my-shifts", { token });
    expect((mine.body as { data: { id: number }[] }).data.map((r) => r.id)).toEqual([id]);
    const client = (await issueApiToken(db, w.colA, real)).access_token;
    expect(
      (await callRoute(myShiftsRoute.GET, "my-dashboard/my-shifts", { token: client })).status,
    ).toBe(403);
  });
});
