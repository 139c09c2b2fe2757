import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schema, type Db, type DbHandle } from "@/db";
import { ROLE, type RoleTitle } from "@/lib/domain/permissions";
import { UNAVAILABLE_MESSAGES } from "@/lib/domain/unavailable-days";
import { appErrorOf } from "@/lib/testing/app-error";
import { countingDb } from "@/lib/testing/counting-db";
import { testDatabase } from "@/lib/testing/db";
import { createUser, ctxFor } from "@/lib/testing/fixtures";
import { createJobWorld, type JobWorld } from "@/lib/testing/jobs-fixtures";
import { makeCtx } from "../context";
import { USER_NOT_FOUND } from "../users/access";
import { userCalendarMonth } from "./month";
import {
  listUnavailableDays,
  markUnavailableDays,
  UNAVAILABLE_MARKED,
  UNAVAILABLE_REMOVED,
  unmarkUnavailableDays,
} from "./unavailable";

let handle: DbHandle;
let db: Db;
let w: JobWorld;
/** An office user who sees profiles (freelancer_access) but may not edit them (no user_create). */
let viewerOnly: number;
const now = new Date("2026-11-20T12:00:00Z");

beforeAll(async () => {
  handle = await testDatabase();
  db = handle.db;
  w = await createJobWorld(db);
  const [r] = await db
    .insert(schema.roles)
    .values({ title: "Crew viewer" })
    .returning({ id: schema.roles.id });
  const [p] = await db
    .select({ id: schema.permissions.id })
    .from(schema.permissions)
    .where(eq(schema.permissions.name, "freelancer_access"));
  await db.insert(schema.rolePermissions).values({ roleId: r.id, permissionId: p.id });
  viewerOnly = (await createUser(db, { roles: ["Crew viewer" as RoleTitle] })).id;
});
afterAll(async () => {
  await handle?.close();
});

const newWorker = async () => (await createUser(db, { roles: [ROLE.worker] })).id;
const ctxOf = (user: number) => ctxFor(db, user, { now });
const daysOf = async (user: number) =>
  (
    await db
      .select({ day: schema.unavailableDays.day, note: schema.unavailableDays.note })
      .from(schema.unavailableDays)
      .where(eq(schema.unavailableDays.userId, user))
      .orderBy(schema.unavailableDays.day)
  ).map((r) => [r.day, r.note]);
const logOf = async (user: number) =>
  db
    .select({ description: schema.activityLog.description })
    .from(schema.activityLog)
    .where(
      and(
        eq(schema.activityLog.subjectType, "users"),
        eq(schema.activityLog.subjectId, user),
        inArray(schema.activityLog.description, [
          "Days marked unavailable",
          "Days no longer marked unavailable",
        ]),
      ),
    );

describe("marking days unavailable", () => {
  it("lets a worker mark its own days, idempotently, the latest note winning, with a log row each", async () => {
    const me = await newWorker();
    const res = await markUnavailableDays(await ctxOf(me), me, {
      from: "2026-11-29",
      to: "2026-12-01",
      note: " Exams ",
    });
    expect(res).toEqual({
      message: UNAVAILABLE_MARKED,
      data: { from: "2026-11-29", to: "2026-12-01", days: 3, added: 3 },
    });
    const again = await markUnavailableDays(await ctxOf(me), me, {
      from: "2026-11-30",
      to: "2026-12-02",
      note: "Trip",
    });
    expect(again.data.added).toBe(1);
    expect(await daysOf(me)).toEqual([
      ["2026-11-29", "Exams"],
      ["2026-11-30", "Trip"],
      ["2026-12-01", "Trip"],
      ["2026-12-02", "Trip"],
    ]);
    expect(await logOf(me)).toHaveLength(2);

    const list = await listUnavailableDays(await ctxOf(me), me, "2026-11");
    expect(list.days).toEqual([
      { date: "2026-11-29", note: "Exams", label: "Unavailable — Exams" },
      { date: "2026-11-30", note: "Trip", label: "Unavailable — Trip" },
    ]);
  });

  it("marks today (one day without an end) but refuses yesterday: 422, nothing written", async () => {
    const me = await newWorker();
    await markUnavailableDays(await ctxOf(me), me, { from: "2026-11-20" });
    const err = await appErrorOf(
      markUnavailableDays(await ctxOf(me), me, { from: "2026-11-19", to: "2026-11-21" }),
    );
    expect(err.status).toBe(422);
    expect(err.message).toBe(UNAVAILABLE_MESSAGES.past);
    expect(await daysOf(me)).toEqual([["2026-11-20", null]]);
    expect(await logOf(me)).toHaveLength(1);
  });

  it("refuses more than 62 days, bad dates, a long note or junk input: 422, nothing written", async () => {
    const me = await newWorker();
    const ctx = await ctxOf(me);
    const cases: [unknown, string][] = [
      [{ from: "2027-01-01", to: "2027-03-04" }, UNAVAILABLE_MESSAGES.tooLong],
      [{ from: "2026-12-02", to: "2026-12-01" }, UNAVAILABLE_MESSAGES.endBeforeStart],
      [{ from: "2026-02-30" }, UNAVAILABLE_MESSAGES.badDate],
      [{ from: "2026-12-01", note: "x".repeat(201) }, UNAVAILABLE_MESSAGES.noteTooLong],
      [{ from: "2026-12-01", note: { a: 1 } }, UNAVAILABLE_MESSAGES.noteNotText],
      [null, UNAVAILABLE_MESSAGES.badDate],
      ["junk", UNAVAILABLE_MESSAGES.badDate],
      [[1, 2], UNAVAILABLE_MESSAGES.badDate],
    ];
    for (const [input, message] of cases) {
      const err = await appErrorOf(markUnavailableDays(ctx, me, input));
      expect(err.status).toBe(422);
      expect(err.message).toBe(message);
    }
    const ok = await markUnavailableDays(ctx, me, { from: "2027-01-01", to: "2027-03-03" });
    expect(ok.data.days).toBe(62);
    expect((await daysOf(me)).length).toBe(62);
    expect(await logOf(me)).toHaveLength(1);
  });

  it("lets the office with user_create mark and unmark a worker's days", async () => {
    for (const office of [w.pm, w.crewHandler, w.admin]) {
      const worker = await newWorker();
      await markUnavailableDays(await ctxOf(office), worker, {
        from: "2026-12-24",
        to: "2026-12-26",
      });
      expect((await daysOf(worker)).length).toBe(3);
      const res = await unmarkUnavailableDays(await ctxOf(office), worker, {
        from: "2026-12-25",
        to: "2026-12-31",
      });
      expect(res).toEqual({
        message: UNAVAILABLE_REMOVED,
        data: { from: "2026-12-25", to: "2026-12-31", removed: 2 },
      });
      expect(await daysOf(worker)).toEqual([["2026-12-24", null]]);
    }
  });

  it("refuses the office without user_create (403), another worker and a client contact (404): nothing written", async () => {
    const worker = await newWorker();
    await markUnavailableDays(await ctxOf(worker), worker, { from: "2026-12-05" });
    const input = { from: "2026-12-01", to: "2026-12-10" };
    const refusals: [number, number][] = [
      [viewerOnly, 403],
      [w.worker, 404],
      [w.colA, 404],
    ];
    for (const [who, status] of refusals) {
      for (const verb of [markUnavailableDays, unmarkUnavailableDays]) {
        const err = await appErrorOf(verb(await ctxOf(who), worker, input));
        expect(err.status).toBe(status);
        if (status === 404) expect(err.message).toBe(USER_NOT_FOUND);
      }
    }
    // The office without the permission still sees the days; the others do not.
    expect(
      (await listUnavailableDays(await ctxOf(viewerOnly), worker, "2026-12")).days,
    ).toHaveLength(1);
    for (const who of [w.worker, w.colA]) {
      expect(
        (await appErrorOf(listUnavailableDays(await ctxOf(who), worker, "2026-12"))).status,
      ).toBe(404);
    }
    expect(await daysOf(worker)).toEqual([["2026-12-05", null]]);
    expect(await logOf(worker)).toHaveLength(1);
  });

  it("is 404 for a user who is no worker, unknown, archived or a malformed id", async () => {
    const ctx = await ctxOf(w.pm);
    const gone = await newWorker();
    await db.update(schema.users).set({ deletedAt: now }).where(eq(schema.users.id, gone));
    for (const id of [w.colA, 99999999, gone]) {
      const err = await appErrorOf(markUnavailableDays(ctx, id, { from: "2026-12-01" }));
      expect(err.status).toBe(404);
    }
    for (const id of ["abc", 0, "99999999999"]) {
      const err = await appErrorOf(markUnavailableDays(ctx, id, { from: "2026-12-01" }));
      expect(err.status).toBeGreaterThanOrEqual(400);
      expect(err.status).toBeLessThan(500);
    }
  });

  it("unmarks past days, and unmarking days not marked is no error", async () => {
    const me = await newWorker();
    await db.insert(schema.unavailableDays).values({ userId: me, day: "2026-11-10" });
    const res = await unmarkUnavailableDays(await ctxOf(me), me, {
      from: "2026-11-01",
      to: "2026-11-30",
    });
    expect(res.data.removed).toBe(1);
    const none = await unmarkUnavailableDays(await ctxOf(me), me, { from: "2026-11-01" });
    expect(none.data.removed).toBe(0);
    expect(await daysOf(me)).toEqual([]);
  });

  it("shows in the user calendar month, in a flat number of queries", async () => {
    const few = await newWorker();
    await markUnavailableDays(await ctxOf(few), few, { from: "2026-11-21", note: "Wedding" });
    const many = await newWorker();
    await markUnavailableDays(await ctxOf(many), many, { from: "2026-11-21", to: "2026-11-30" });
    const month = await userCalendarMonth(await ctxOf(few), few, "2026-11");
    expect(month.unavailable).toEqual([
      { date: "2026-11-21", note: "Wedding", label: "Unavailable — Wedding" },
    ]);
    const counting = countingDb(handle);
    const run = async (worker: number) => {
      const ctx = makeCtx(counting.db, (await ctxFor(db, worker)).actor, { now });
      counting.reset();
      await userCalendarMonth(ctx, worker, "2026-11");
      return counting.statements();
    };
    expect(await run(many)).toBe(await run(few));
  });
});
