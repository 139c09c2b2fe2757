import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { schema, setDatabaseForTests, type Db, type DbHandle } from "@/db";
import type { ApplicationStatus } from "@/lib/domain/statuses";
import { testDatabase } from "@/lib/testing/db";
import { workerKit } from "@/lib/testing/worker-fixtures";
import { applyOn } from "@/lib/testing/jobs-fixtures";
import { appErrorOf } from "@/lib/testing/app-error";
import { issueApiToken } from "@/lib/services/auth/tokens";
import { callRoute } from "@/lib/testing/route-request";
import * as checkTimesRoute from "@/app/api/v2/applications/[id]/check-times/route";
import { bookBoard } from "@/lib/services/applications";
import { shiftCrewStatus } from "@/lib/services/crew/status";
import { listApprovals } from "@/lib/services/hours";
import { checkIn, checkOut, correctCheckTimes, nextShift } from ".";

/** March 2031, before summer time: Copenhagen is UTC+1; the test's now is 11:00 there. */
const now = new Date("2031-03-10T10:00:00.000Z");

let handle: DbHandle;
let db: Db;
let k: Awaited<ReturnType<typeof workerKit>>;

beforeAll(async () => {
  handle = await testDatabase();
  db = handle.db;
  setDatabaseForTests(handle);
  k = await workerKit(db, now);
});
afterAll(async () => {
  await handle?.close();
});

/** A worker on a 6-hour shift of company A starting `from` hours from now (09:00–15:00 by default). */
async function onShift(from = -2, status: ApplicationStatus = "Booked") {
  const skill = await k.newSkill();
  const me = await k.newWorker([skill]);
  const s = await k.oneShift(skill, from);
  const id = await applyOn(db, s.slotId, me, status);
  return { me, id, ...s };
}

async function stored(id: number) {
  const [row] = await db
    .select({ in: schema.applications.checkInAt, out: schema.applications.checkOutAt })
    .from(schema.applications)
    .where(eq(schema.applications.id, id));
  return row;
}

async function activities(id: number) {
  return db
    .select({ description: schema.activityLog.description, causer: schema.activityLog.causerId })
    .from(schema.activityLog)
    .where(
      and(eq(schema.activityLog.subjectType, "applications"), eq(schema.activityLog.subjectId, id)),
    )
    .orderBy(schema.activityLog.id);
}

describe("correctCheckTimes", () => {
  it("the project manager sets a forgotten check-in and check-out, logged with old and new; the office's screens show both", async () => {
    const { me, id, jobId, shiftId } = await onShift();
    const pm = await k.ctxOf(k.w.pm);
    const res = await correctCheckTimes(pm, id, { check_in_at: "08:55", check_out_at: "10:40" });
    expect(res).toEqual({
      application_id: id,
      check_in_at: "2031-03-10T08:55:00+01:00",
      check_out_at: "2031-03-10T10:40:00+01:00",
      changed: true,
      message: expect.stringMatching(/^Check-in times of Worker \d+ corrected$/),
    });
    expect(await stored(id)).toEqual({
      in: new Date("2031-03-10T07:55:00Z"),
      out: new Date("2031-03-10T09:40:00Z"),
    });
    const log = await activities(id);
    expect(log).toHaveLength(1);
    expect(log[0]).toEqual({
      description: expect.stringMatching(
        /^Corrected the check-in times of Worker \d+ on Job \d+: check-in none → 08:55, check-out none → 10:40$/,
      ),
      causer: k.w.pm,
    });

    // Where the office sees the check-in, it sees the check-out too.
    const board = await bookBoard(pm, jobId);
    expect(board.shifts[0]).toMatchObject({ ended: false, check_in_open: true });
    const onBoard = board.shifts[0].slots[0].applications.find((a) => a.id === id);
    expect(onBoard).toMatchObject({
      check_in_at: "2031-03-10T08:55:00+01:00",
      check_out_at: "2031-03-10T10:40:00+01:00",
    });
    const crew = await shiftCrewStatus(pm, shiftId);
    expect(crew.slots[0].crew.find((c) => c.application_id === id)).toMatchObject({
      check_out_at: "2031-03-10T10:40:00+01:00",
    });
    const approvals = await listApprovals(await k.ctxOf(k.w.pm, k.at(5)), {
      filter: { status: "missing", job_id: jobId },
    });
    expect(approvals.items.find((r) => r.id === id)).toMatchObject({
      check_in_at: "2031-03-10T08:55:00+01:00",
      check_out_at: "2031-03-10T10:40:00+01:00",
    });

    // The worker sees it, and may check out again after the office cleared the check-out.
    const cleared = await correctCheckTimes(pm, id, { check_out_at: "" });
    expect(cleared).toMatchObject({ changed: true, check_out_at: null });
    expect(await nextShift(await k.ctxOf(me))).toMatchObject({
      check_in_at: "2031-03-10T08:55:00+01:00",
      check_out_at: null,
      can_check_out: true,
    });
  });

  it("the same times again change nothing, write nothing and say so", async () => {
    const { me, id } = await onShift();
    await checkIn(await k.ctxOf(me, k.at(-2)), { application_id: id, assignee_id: me });
    const pm = await k.ctxOf(k.w.pm);
    const before = await activities(id);
    const res = await correctCheckTimes(pm, id, { check_in_at: "09:00" });
    expect(res).toMatchObject({ changed: false, check_in_at: "2031-03-10T09:00:00+01:00" });
    expect(res.message).toMatch(/^Nothing changed: /);
    expect(await activities(id)).toEqual(before);
  });

  it("a worker cannot correct (403), its own shift or another's; nothing written", async () => {
    const { me, id } = await onShift();
    await checkIn(await k.ctxOf(me, k.at(-2)), { application_id: id, assignee_id: me });
    await checkOut(await k.ctxOf(me), { application_id: id, confirm: true });
    const before = await stored(id);
    const other = await k.newWorker([]);
    for (const who of [me, other])
      expect(
        await appErrorOf(
          correctCheckTimes(await k.ctxOf(who), id, { check_in_at: "08:00", check_out_at: "" }),
        ),
      ).toMatchObject({ status: 403 });
    expect(await stored(id)).toEqual(before);
  });

  it("office permission and scope: a client contact without booking rights gets 403, one of another company 404, one of the job's company may", async () => {
    const { id } = await onShift();
    expect(
      await appErrorOf(correctCheckTimes(await k.ctxOf(k.w.colA), id, { check_in_at: "09:00" })),
    ).toMatchObject({ status: 403 });
    expect(
      await appErrorOf(
        correctCheckTimes(await k.ctxOf(k.w.colEditorB), id, { check_in_at: "09:00" }),
      ),
    ).toMatchObject({ status: 404, message: "Application not found." });
    expect(await stored(id)).toEqual({ in: null, out: null });
    const ok = await correctCheckTimes(await k.ctxOf(k.w.colEditorA), id, { check_in_at: "09:05" });
    expect(ok).toMatchObject({ changed: true, check_in_at: "2031-03-10T09:05:00+01:00" });
    // The crew handler holds jobs_book_workers too.
    const ch = await correctCheckTimes(await k.ctxOf(k.w.crewHandler), id, {
      check_in_at: "09:10",
    });
    expect(ch).toMatchObject({ changed: true });
  });

  it("bad times answer 422 on their field, nothing written", async () => {
    const { me, id } = await onShift();
    await checkIn(await k.ctxOf(me, k.at(-2)), { application_id: id, assignee_id: me });
    const pm = await k.ctxOf(k.w.pm);
    const before = await activities(id);
    const cases: [Record<string, unknown>, string, string][] = [
      [{}, "check_in_at", "Give a check-in or a check-out time."],
      [
        { check_in_at: "25:99" },
        "check_in_at",
        "The check-in must be a time as HH:mm or DD/MM/YYYY HH:mm.",
      ],
      [
        { check_out_at: 42 },
        "check_out_at",
        "The check-out must be a time as HH:mm or DD/MM/YYYY HH:mm.",
      ],
      [
        { check_in_at: "", check_out_at: "10:00" },
        "check_out_at",
        "A check-out needs a check-in. Set both.",
      ],
      [{ check_out_at: "08:30" }, "check_out_at", "The check-out must be after the check-in."],
      [{ check_out_at: "12:00" }, "check_out_at", "The check-out cannot be later than now."],
      [{ check_in_at: "11:30" }, "check_in_at", "The check-in cannot be later than now."],
      [
        { check_in_at: "09/03/2031 20:00" },
        "check_in_at",
        "The check-in must be between 10/03/2031 03:00 and the end of the shift, 10/03/2031 15:00.",
      ],
      [
        { check_in_at: "2031-03-10T09:00:00" },
        "check_in_at",
        "The check-in must be a time as HH:mm or DD/MM/YYYY HH:mm.",
      ],
    ];
    for (const [input, field, message] of cases) {
      const err = await appErrorOf(correctCheckTimes(pm, id, input));
      expect(err, JSON.stringify(input)).toMatchObject({
        status: 422,
        message,
        errors: { [field]: [message] },
      });
    }
    expect(await stored(id)).toEqual({ in: k.at(-2), out: null });
    expect(await activities(id)).toEqual(before);
    // An ISO time with its offset is taken as given.
    const iso = await correctCheckTimes(pm, id, { check_in_at: "2031-03-10T08:50:00+01:00" });
    expect(iso).toMatchObject({ check_in_at: "2031-03-10T08:50:00+01:00" });
  });

  it("an overnight shift places a bare check-out on the next morning", async () => {
    // 22:00–04:00 Copenhagen; the office corrects the next afternoon.
    const { id } = await onShift(11);
    const pm = await k.ctxOf(k.w.pm, k.at(30));
    const res = await correctCheckTimes(pm, id, { check_in_at: "21:50", check_out_at: "03:45" });
    expect(res).toMatchObject({
      check_in_at: "2031-03-10T21:50:00+01:00",
      check_out_at: "2031-03-11T03:45:00+01:00",
    });
  });

  it("approved hours (409) and someone not on the crew (409) are refused, nothing written", async () => {
    const approved = await onShift(-30, "Approved");
    const applied = await onShift(-2, "Applied");
    const pm = await k.ctxOf(k.w.pm);
    expect(
      await appErrorOf(correctCheckTimes(pm, approved.id, { check_in_at: "09:00" })),
    ).toMatchObject({ status: 409, type: "approved" });
    expect(
      await appErrorOf(correctCheckTimes(pm, applied.id, { check_in_at: "09:00" })),
    ).toMatchObject({ status: 409, type: "not_booked" });
    expect(await stored(approved.id)).toEqual({ in: null, out: null });
    expect(await stored(applied.id)).toEqual({ in: null, out: null });
    expect(
      await appErrorOf(correctCheckTimes(pm, 2_147_483_000, { check_in_at: "09:00" })),
    ).toMatchObject({
      status: 404,
    });
  });

  it("PUT applications/{id}/check-times: 200 for the project manager, 403 for a worker, 422 for junk", async () => {
    const real = new Date();
    const skill = await k.newSkill();
    const me = await k.newWorker([skill]);
    const s = await k.oneShift(skill, -3, { base: real });
    const id = await applyOn(db, s.slotId, me, "Booked");
    const pmToken = (await issueApiToken(db, k.w.pm, real)).access_token;
    const workerToken = (await issueApiToken(db, me, real)).access_token;
    const call = (token: string, json: unknown) =>
      callRoute(checkTimesRoute.PUT, `applications/${id}/check-times`, {
        method: "PUT",
        token,
        json,
        params: { id: String(id) },
      });
    const start = new Date(real.getTime() - 3 * 3_600_000).toISOString();
    const ok = await call(pmToken, { check_in_at: start });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toMatchObject({ data: { application_id: id, changed: true } });
    const denied = await call(workerToken, { check_in_at: null });
    expect(denied.status).toBe(403);
    const junk = await call(pmToken, { check_in_at: "abc" });
    expect(junk.status).toBe(422);
    expect(junk.body).toMatchObject({ errors: { check_in_at: [expect.any(String)] } });
    expect((await stored(id)).in).toEqual(new Date(start));
  });
});
