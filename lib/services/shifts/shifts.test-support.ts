/** Shared setup and helpers of the shifts integration tests (split along their describe blocks). */
import { afterAll, beforeAll } from "vitest";
import { eq } from "drizzle-orm";
import { schema, type DbHandle } from "@/db";
import { ROLE } from "@/lib/domain/permissions";
import { fromLocal } from "@/lib/domain/time";
import { testDatabase } from "@/lib/testing/db";
import { createUser, ctxFor } from "@/lib/testing/fixtures";
import {
  applyOn,
  createJobWorld,
  insertJob,
  type InsertedJob,
  type JobWorld,
  type ShiftSpec,
} from "@/lib/testing/jobs-fixtures";

export const now = new Date("2026-11-22T09:00:00Z");
export const TZ = "Europe/Copenhagen";
export let handle: DbHandle;
export let w: JobWorld;
export let bea: number;
export let bo: number;
export let inactive: number;
export let jobA: InsertedJob;
export let jobB: InsertedJob;

/** A four-hour shift starting at a local Copenhagen time in December 2026. */
export const spec = (
  day: number,
  hour: number,
  minute: number,
  slots: ShiftSpec["slots"],
): ShiftSpec => {
  const startsAt = fromLocal({ year: 2026, month: 12, day, hour, minute }, TZ);
  return { startsAt, endsAt: new Date(startsAt.getTime() + 4 * 3_600_000), slots };
};

export const ctxOf = (userId: number) => ctxFor(handle.db, userId, { now });
export const bossesOf = (shiftId: number) =>
  handle.db
    .select({ userId: schema.shiftCrewBosses.userId })
    .from(schema.shiftCrewBosses)
    .where(eq(schema.shiftCrewBosses.shiftId, shiftId));

/** Registers the database hooks of one test file (each file gets its own database). */
export function setUpShiftsDatabase() {
  beforeAll(async () => {
    handle = await testDatabase();
    const db = handle.db;
    w = await createJobWorld(db);
    bea = (await createUser(db, { roles: [ROLE.worker], name: "Bea Booked" })).id;
    bo = (await createUser(db, { roles: [ROLE.worker], name: "Bo Applied" })).id;
    inactive = (await createUser(db, { roles: [ROLE.worker], status: "deactivated" })).id;
    jobA = await insertJob(db, {
      name: "Crew job A",
      companyId: w.companyA,
      countryId: w.countryId,
      shifts: [
        spec(10, 8, 0, [{ skillId: w.skill, positions: 2 }]),
        spec(11, 8, 0, [{ skillId: w.skill, positions: 2 }]),
      ],
    });
    jobB = await insertJob(db, {
      name: "Crew job B",
      companyId: w.companyB,
      countryId: w.countryId,
      shifts: [spec(10, 8, 0, [{ skillId: w.skill, positions: 1 }])],
    });
    await applyOn(db, jobA.shifts[0].slots[0].id, bea, "Booked");
    await applyOn(db, jobA.shifts[0].slots[0].id, bo, "Applied");
    await applyOn(db, jobB.shifts[0].slots[0].id, bea, "Booked");
  });
  afterAll(async () => handle.close());
}
