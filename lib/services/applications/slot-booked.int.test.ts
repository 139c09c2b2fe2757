import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, inArray } from "drizzle-orm";
import { schema, setDatabaseForTests, type Db, type DbHandle } from "@/db";
import { runDbChecks } from "@/lib/db-check/checks";
import { APPLICATION_STATUSES, isFilled } from "@/lib/domain/statuses";
import { bookingKit } from "@/lib/testing/booking-fixtures";
import { testDatabase } from "@/lib/testing/db";
import { createJobWorld, insertJob, type JobWorld } from "@/lib/testing/jobs-fixtures";
import { changeApplicationStatus } from "./status";

// A slot's booked count (shift_slots.booked) is kept by the triggers of migration
// shift_slots_booked on every write of applications; the calendar reads it as the event's fill.
// Here: each status, multi-row inserts and deletes, status changes, moves between slots,
// cascades, and the booking verbs — and db:check's "slot-booked" after each.
let handle: DbHandle;
let db: Db;
let w: JobWorld;
const now = new Date("2026-11-20T12:00:00Z");
let k: ReturnType<typeof bookingKit>;

beforeAll(async () => {
  handle = await testDatabase();
  db = handle.db;
  setDatabaseForTests(handle);
  w = await createJobWorld(db);
  k = bookingKit(db, () => w, now);
});

afterAll(async () => {
  await handle.close();
});

async function bookedOf(...slotIds: number[]): Promise<number[]> {
  const rows = await db
    .select({ id: schema.shiftSlots.id, booked: schema.shiftSlots.booked })
    .from(schema.shiftSlots)
    .where(inArray(schema.shiftSlots.id, slotIds));
  return slotIds.map((id) => rows.find((r) => r.id === id)!.booked);
}

async function checkHolds() {
  const check = (await runDbChecks(db)).find((r) => r.name === "slot-booked")!;
  expect(check).toMatchObject({ ids: [], count: 0 });
}

/** A job of one shift with two slots of `positions` each, on 1 Dec 2026. */
async function twoSlots(positions = 20) {
  const job = await insertJob(db, {
    name: "Slot count",
    companyId: w.companyA,
    countryId: w.countryId,
    shifts: [
      {
        startsAt: new Date("2026-12-01T08:00:00Z"),
        endsAt: new Date("2026-12-01T16:00:00Z"),
        slots: [
          { skillId: w.skill, positions },
          { skillId: w.skill2, positions },
        ],
      },
    ],
  });
  const [a, b] = job.shifts[0].slots.map((s) => s.id);
  return { jobId: job.id, shiftId: job.shifts[0].id, a, b };
}

const workers = async (n: number) => Promise.all(Array.from({ length: n }, () => k.worker()));

describe("shift_slots.booked: the triggers", () => {
  it("counts an inserted application of each filled status, and no other", async () => {
    const { shiftId, a, b } = await twoSlots();
    const people = await workers(APPLICATION_STATUSES.length);
    // One statement: the statement trigger counts per slot.
    await db.insert(schema.applications).values(
      APPLICATION_STATUSES.map((status, i) => ({
        shiftSlotId: i % 2 ? b : a,
        shiftId,
        assigneeId: people[i],
        status,
      })),
    );
    const expected = (slot: number) =>
      APPLICATION_STATUSES.filter((s, i) => (i % 2 ? b : a) === slot && isFilled(s)).length;
    expect(await bookedOf(a, b)).toEqual([expected(a), expected(b)]);
    expect(expected(a) + expected(b)).toBe(5);
    await checkHolds();
  });

  it("follows each status change in and out of the filled statuses, one row at a time", async () => {
    const { shiftId, a, b } = await twoSlots();
    const [p] = await workers(1);
    const [app] = await db
      .insert(schema.applications)
      .values({ shiftSlotId: a, shiftId, assigneeId: p, status: "Applied" })
      .returning({ id: schema.applications.id });
    const steps: [(typeof APPLICATION_STATUSES)[number], number][] = [
      ["Booked", 1],
      ["Report!", 1],
      ["Reported", 1],
      ["Approved", 1],
      ["Denied", 0],
      ["Request accepted", 1],
      ["Request denied", 0],
      ["Reserve", 0],
    ];
    for (const [status, n] of steps) {
      await db
        .update(schema.applications)
        .set({ status })
        .where(eq(schema.applications.id, app.id));
      expect([status, await bookedOf(a, b)]).toEqual([status, [n, 0]]);
    }
    // Fields other than status and slot change nothing.
    await db
      .update(schema.applications)
      .set({ status: "Booked" })
      .where(eq(schema.applications.id, app.id));
    await db
      .update(schema.applications)
      .set({ closely: true, checkInAt: now })
      .where(eq(schema.applications.id, app.id));
    expect(await bookedOf(a, b)).toEqual([1, 0]);
    await checkHolds();
  });

  it("moves a held place with its application to another slot, and only a held one", async () => {
    const { shiftId, a, b } = await twoSlots();
    const [p, q] = await workers(2);
    const [held, pending] = await db
      .insert(schema.applications)
      .values([
        { shiftSlotId: a, shiftId, assigneeId: p, status: "Booked" },
        { shiftSlotId: a, shiftId, assigneeId: q, status: "Applied" },
      ])
      .returning({ id: schema.applications.id });
    expect(await bookedOf(a, b)).toEqual([1, 0]);
    await db
      .update(schema.applications)
      .set({ shiftSlotId: b })
      .where(inArray(schema.applications.id, [held.id, pending.id]));
    expect(await bookedOf(a, b)).toEqual([0, 1]);
    // Moved and freed in one write: the old slot loses nothing twice.
    await db
      .update(schema.applications)
      .set({ shiftSlotId: a, status: "Denied" })
      .where(eq(schema.applications.id, held.id));
    expect(await bookedOf(a, b)).toEqual([0, 0]);
    await checkHolds();
  });

  it("takes deleted places away, and a cascade from the shift's delete finds no slot to count", async () => {
    const { jobId, shiftId, a, b } = await twoSlots();
    const people = await workers(4);
    const ids = await db
      .insert(schema.applications)
      .values(
        people.map((assigneeId, i) => ({
          shiftSlotId: i < 3 ? a : b,
          shiftId,
          assigneeId,
          status: i === 2 ? ("Applied" as const) : ("Booked" as const),
        })),
      )
      .returning({ id: schema.applications.id });
    expect(await bookedOf(a, b)).toEqual([2, 1]);
    await db.delete(schema.applications).where(
      inArray(
        schema.applications.id,
        ids.slice(1).map((r) => r.id),
      ),
    );
    expect(await bookedOf(a, b)).toEqual([1, 0]);
    await db.delete(schema.jobs).where(eq(schema.jobs.id, jobId));
    const left = await db
      .select({ id: schema.shiftSlots.id })
      .from(schema.shiftSlots)
      .where(inArray(schema.shiftSlots.id, [a, b]));
    expect(left).toEqual([]);
    await checkHolds();
  });
});

describe("shift_slots.booked: through the verbs", () => {
  it("a booking adds its place and a cancellation frees it, as the live count says", async () => {
    const slot = await k.oneShiftJob("2026-12-03T08:00:00Z", "2026-12-03T16:00:00Z", 2);
    const [p, q] = [await k.worker([w.skill]), await k.worker([w.skill])];
    const [one] = await k.book(w.pm, p, slot);
    await k.book(w.pm, q, slot);
    expect(await bookedOf(slot.slotId)).toEqual([await k.filledOf(slot.slotId)]);
    expect(await bookedOf(slot.slotId)).toEqual([2]);
    await changeApplicationStatus(await k.ctx(w.pm), one.id, { status: "Denied" });
    expect(await bookedOf(slot.slotId)).toEqual([1]);
    expect(await k.filledOf(slot.slotId)).toBe(1);
    await checkHolds();
  });
});
