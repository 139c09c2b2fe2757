/** Shared setup and helpers of the crew integration tests (split along their describe blocks). */
import { afterAll, beforeAll } from "vitest";
import { eq } from "drizzle-orm";
import { schema, setDatabaseForTests, type Db, type DbHandle } from "@/db";
import { ROLE } from "@/lib/domain/permissions";
import { fromLocal } from "@/lib/domain/time";
import { testDatabase } from "@/lib/testing/db";
import { createUser, ctxFor } from "@/lib/testing/fixtures";
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
import { type StatusCounts } from "./index";

export const now = new Date("2026-11-22T09:00:00Z");
export const TZ = "Europe/Copenhagen";
export let handle: DbHandle;
export let db: Db;
export let w: JobWorld;
export let jobA: InsertedJob;
export let jobB: InsertedJob;
export let nordic: InsertedJob;
/** Shift 3 of job A, removed in the editor. */
export let deletedShift: number;
export let viewerOnly: number;
export const p: Record<string, number> = {};

export const spec = (day: number, hour: number, slots: ShiftSpec["slots"]): ShiftSpec => {
  const startsAt = fromLocal({ year: 2026, month: 12, day, hour, minute: 0 }, TZ);
  return { startsAt, endsAt: new Date(startsAt.getTime() + 4 * 3_600_000), slots };
};
export const at = (day: number, hour: number, minute = 0) =>
  fromLocal({ year: 2026, month: 12, day, hour, minute }, TZ);

export async function apply(
  slotId: number,
  userId: number,
  status: ApplicationStatus,
  extra: { checkInAt?: Date; checkOutAt?: Date; bookedAt?: Date } = {},
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

export const counts = (c: Partial<StatusCounts>): StatusCounts => ({
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

export const as = (userId: number) => ctxFor(db, userId, { now });

/** Page objects in the file (pdfkit writes its object dictionaries uncompressed). */
export const pageCount = (pdf: Buffer) =>
  pdf.toString("latin1").match(/\/Type \/Page\b(?!s)/g)?.length ?? 0;

/** Registers the database hooks of one test file (each file gets its own database). */
export function setUpCrewDatabase() {
  beforeAll(async () => {
    handle = await testDatabase();
    db = handle.db;
    setDatabaseForTests(handle);
    w = await createJobWorld(db);
    for (const name of ["Bea", "Bo", "Cy", "Di", "Ed", "Fi", "Gu", "Hu"])
      p[name] = (await createUser(db, { roles: [ROLE.worker], name: `${name} Worker` })).id;
    await db
      .update(schema.users)
      .set({ phone: "+45 11 22 33 44" })
      .where(eq(schema.users.id, p.Bea));
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
    // Rigger: Fi worked, checked in and out, and reported hours.
    const fi = await apply(s1.slots[1].id, p.Fi, "Reported", {
      checkInAt: at(10, 8, 5),
      checkOutAt: at(10, 11, 32),
    });
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
}
