import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schema, type Db, type DbHandle } from "@/db";
import { ROLE } from "@/lib/domain/permissions";
import { appErrorOf } from "@/lib/testing/app-error";
import { countingDb } from "@/lib/testing/counting-db";
import { testDatabase } from "@/lib/testing/db";
import { createUser, ctxFor } from "@/lib/testing/fixtures";
import { createJobWorld, insertJob, type JobWorld } from "@/lib/testing/jobs-fixtures";
import { makeCtx } from "../context";
import { USER_NOT_FOUND } from "../users/access";
import { userCalendarMonth } from "./month";

let handle: DbHandle;
let db: Db;
let w: JobWorld;
// Jobs of the job world are in Denmark (Europe/Copenhagen).
const now = new Date("2026-11-20T12:00:00Z");

beforeAll(async () => {
  handle = await testDatabase();
  db = handle.db;
  w = await createJobWorld(db);
});
afterAll(async () => {
  await handle?.close();
});

async function place(
  worker: number,
  startsAt: string,
  endsAt: string,
  status: "Booked" | "Requested" | "Applied" | "Reserve" | "Denied" | "Approved",
  jobStatus: "Published" | "Cancelled" = "Published",
) {
  const job = await insertJob(db, {
    name: `Job ${startsAt}`,
    companyId: w.companyA,
    countryId: w.countryId,
    status: jobStatus,
    workerRates: false,
    shifts: [
      {
        startsAt: new Date(startsAt),
        endsAt: new Date(endsAt),
        slots: [{ skillId: w.skill, positions: 2 }],
      },
    ],
  });
  const s = job.shifts[0];
  await db.insert(schema.applications).values({
    shiftSlotId: s.slots[0].id,
    shiftId: s.id,
    assigneeId: worker,
    status,
  });
}

describe("user calendar month", () => {
  it("lists booked, requested and applied shifts by day in the job's zone, statuses in words", async () => {
    const worker = (await createUser(db, { roles: [ROLE.worker] })).id;
    // 23:30Z on 31 October is 00:30 on 1 November in Copenhagen: a November shift.
    await place(worker, "2026-10-31T23:30:00Z", "2026-11-01T05:00:00Z", "Booked");
    await place(worker, "2026-11-03T08:00:00Z", "2026-11-03T12:00:00Z", "Requested");
    await place(worker, "2026-11-03T14:00:00Z", "2026-11-03T18:00:00Z", "Reserve");
    await place(worker, "2026-11-10T08:00:00Z", "2026-11-10T12:00:00Z", "Booked", "Cancelled");
    // Not shown: denied, and other months (22:30Z on 30 November is 1 December there).
    await place(worker, "2026-11-12T08:00:00Z", "2026-11-12T12:00:00Z", "Denied");
    await place(worker, "2026-11-30T23:30:00Z", "2026-12-01T03:00:00Z", "Booked");
    await place(worker, "2026-10-15T08:00:00Z", "2026-10-15T12:00:00Z", "Booked");

    const res = await userCalendarMonth(await ctxFor(db, worker, { now }), worker, "2026-11");
    expect(res).toMatchObject({
      month: "2026-11",
      label: "November 2026",
      previous: "2026-10",
      next: "2026-12",
    });
    expect(res.days.map((d) => [d.date, d.shifts.map((s) => s.label)])).toEqual([
      ["2026-11-01", ["Booked"]],
      ["2026-11-03", ["Requested", "Applied (reserve)"]],
      ["2026-11-10", ["Job cancelled"]],
    ]);
    const first = res.days[0].shifts[0];
    // Ended before now: a held place reads as Report! (still "booked" on the calendar).
    expect(first).toMatchObject({ status: "Report!", kind: "booked", time: "00:30–06:00" });
    expect(first.start).toBe("2026-11-01T00:30:00+01:00");

    const oct = await userCalendarMonth(await ctxFor(db, worker, { now }), worker, "2026-10");
    expect(oct.days.map((d) => d.date)).toEqual(["2026-10-15"]);
  });

  it.each([undefined, "abc", "2026-13", "99999-01", ["x"]])(
    "shows the current month for a bad month value (%s)",
    async (raw) => {
      const worker = (await createUser(db, { roles: [ROLE.worker] })).id;
      const res = await userCalendarMonth(await ctxFor(db, worker, { now }), worker, raw);
      expect(res.month).toBe("2026-11");
    },
  );

  it("opens for the office (a PM, a crew handler); another worker or a client contact gets 404", async () => {
    const worker = (await createUser(db, { roles: [ROLE.worker] })).id;
    await place(worker, "2026-11-05T08:00:00Z", "2026-11-05T12:00:00Z", "Booked");
    for (const viewer of [w.pm, w.crewHandler, w.admin]) {
      const res = await userCalendarMonth(await ctxFor(db, viewer, { now }), worker, "2026-11");
      expect(res.days).toHaveLength(1);
    }
    for (const viewer of [w.worker, w.colA]) {
      const err = await appErrorOf(
        userCalendarMonth(await ctxFor(db, viewer, { now }), worker, "2026-11"),
      );
      expect(err.status).toBe(404);
      expect(err.message).toBe(USER_NOT_FOUND);
    }
  });

  it("is 404 for a user who is no worker, an unknown, malformed or archived id", async () => {
    const ctx = await ctxFor(db, w.pm, { now });
    const gone = (await createUser(db, { roles: [ROLE.worker] })).id;
    await db.update(schema.users).set({ deletedAt: now }).where(eq(schema.users.id, gone));
    for (const id of [w.colA, 99999999, gone]) {
      expect((await appErrorOf(userCalendarMonth(ctx, id, "2026-11"))).status).toBe(404);
    }
    for (const id of ["abc", 0, "99999999999"]) {
      expect(
        (await appErrorOf(userCalendarMonth(ctx, id, "2026-11"))).status,
      ).toBeGreaterThanOrEqual(400);
    }
  });

  it("reads a month in a flat number of queries, however many shifts it holds", async () => {
    const counting = countingDb(handle);
    const run = async (worker: number) => {
      const ctx = makeCtx(counting.db, (await ctxFor(db, worker)).actor, { now });
      counting.reset();
      await userCalendarMonth(ctx, worker, "2026-11");
      return counting.statements();
    };
    const few = (await createUser(db, { roles: [ROLE.worker] })).id;
    await place(few, "2026-11-02T08:00:00Z", "2026-11-02T12:00:00Z", "Booked");
    const many = (await createUser(db, { roles: [ROLE.worker] })).id;
    for (let d = 2; d < 9; d++)
      await place(many, `2026-11-0${d}T08:00:00Z`, `2026-11-0${d}T12:00:00Z`, "Booked");
    expect(await run(many)).toBe(await run(few));
  });
});
