import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { schema, type Db } from "@/db";
import { formatDateTime } from "@/lib/domain/format";
import { jobClientRates, jobWorkerRates, type JobWorld } from "@/lib/testing/jobs-fixtures";
import { bookingKit, bookingSuite } from "@/lib/testing/booking-fixtures";
import { AppError } from "@/lib/services/errors";
import { updateJob } from "@/lib/services/jobs/edit";
import { getJobForEdit } from "@/lib/services/jobs/edit-form";
import { bookApplications, changeApplication, changeApplicationStatus } from ".";

/**
 * Capacity under concurrency (DESIGN.md §5, §9): bookings, moves and status changes race job
 * edits that lower a slot's positions, and the slot never ends with more filled places than
 * positions, and its stored booked count (migration shift_slots_booked) equals them. On
 * PostgreSQL (DATABASE_URL) the calls really interleave over a pool; a deadlock or any error
 * other than a clear 409 fails the test.
 */
let db: Db;
let w: JobWorld;
let k: ReturnType<typeof bookingKit>;
const NOW = new Date("2026-12-07T11:00:00Z");
const TZ = "Europe/Copenhagen";

bookingSuite(NOW, (s) => ({ db, w, k } = s));

/** The edit payload of a one-shift job with its slot set to `positions`. */
async function editTo(jobId: number, positions: number) {
  const f = await getJobForEdit(await k.ctx(w.pm), jobId);
  const s = f.shifts[0];
  return {
    name: f.name,
    company_id: f.company_id,
    country_id: f.country_id,
    project_manager_id: f.project_manager_id,
    shifts: [
      {
        id: s.id,
        start: formatDateTime(new Date(s.start), TZ),
        end: formatDateTime(new Date(s.end), TZ),
        shift_slots: s.shift_slots.map((x) => ({ id: x.id, skill_id: x.skill_id, positions })),
      },
    ],
  };
}

/** The slot's positions and filled places; its stored booked count (a trigger's) must agree. */
async function slotState(slotId: number) {
  const [slot] = await db
    .select({ positions: schema.shiftSlots.positions, booked: schema.shiftSlots.booked })
    .from(schema.shiftSlots)
    .where(eq(schema.shiftSlots.id, slotId));
  const filled = await k.filledOf(slotId);
  expect(slot.booked).toBe(filled);
  return { positions: slot.positions, filled };
}

/** Every refusal is a clear 409 (full slot, positions below the booked), never a crash. */
function expectOnlyConflicts(results: PromiseSettledResult<unknown>[]) {
  for (const r of results)
    if (r.status === "rejected") {
      expect(r.reason, String(r.reason)).toBeInstanceOf(AppError);
      expect((r.reason as AppError).status).toBe(409);
    }
}

describe("capacity under concurrent bookings and edits", () => {
  it("bookings racing edits that lower positions never end over capacity", async () => {
    for (let round = 0; round < 3; round++) {
      const day = String(10 + round);
      const s = await k.oneShiftJob(`2026-12-${day}T08:00:00Z`, `2026-12-${day}T16:00:00Z`, 4);
      const workers = await Promise.all(Array.from({ length: 8 }, () => k.worker([w.skill])));
      const [to3, to2] = [await editTo(s.jobId, 3), await editTo(s.jobId, 2)];
      const pm = await k.ctx(w.pm);
      const bookOne = (id: number) =>
        bookApplications(pm, {
          assignee_id: id,
          shiftIds: [s.shiftId],
          shift_slots: [s.slotId],
          status: "Booked",
        });
      const results = await Promise.allSettled([
        ...workers.slice(0, 3).map(bookOne),
        updateJob(pm, s.jobId, to3),
        ...workers.slice(3, 6).map(bookOne),
        updateJob(pm, s.jobId, to2),
        ...workers.slice(6).map(bookOne),
      ]);
      expectOnlyConflicts(results);
      const { positions, filled } = await slotState(s.slotId);
      expect(filled).toBeLessThanOrEqual(positions);
      expect(filled).toBeGreaterThan(0);
    }
  });

  it("moves and requested workers accepting race an edit and still fit", async () => {
    const from = await k.oneShiftJob("2026-12-20T08:00:00Z", "2026-12-20T16:00:00Z", 6);
    const [fromShift] = await db
      .select({ jobId: schema.shifts.jobId })
      .from(schema.shifts)
      .where(eq(schema.shifts.id, from.shiftId));
    // A second slot of another skill on the same shift to move people onto.
    const [target] = await db
      .insert(schema.shiftSlots)
      .values({ shiftId: from.shiftId, skillId: w.skill2, positions: 3 })
      .returning({ id: schema.shiftSlots.id });
    await jobWorkerRates(db, fromShift.jobId, [w.skill2]);
    await jobClientRates(db, fromShift.jobId, [w.skill2]);
    const pm = await k.ctx(w.pm);
    const movers = await Promise.all(
      Array.from({ length: 4 }, () => k.worker([w.skill, w.skill2])),
    );
    const booked = await Promise.all(movers.map((id) => k.book(w.pm, id, from)));
    const askers = await Promise.all(
      Array.from({ length: 2 }, () => k.worker([w.skill, w.skill2])),
    );
    const requested = await Promise.all(
      askers.map((id) =>
        bookApplications(pm, {
          assignee_id: id,
          shiftIds: [from.shiftId],
          shift_slots: [target.id],
          status: "Requested",
        }),
      ),
    );
    const f = await getJobForEdit(pm, fromShift.jobId);
    const shrink = {
      name: f.name,
      company_id: f.company_id,
      country_id: f.country_id,
      project_manager_id: f.project_manager_id,
      shifts: [
        {
          id: f.shifts[0].id,
          start: formatDateTime(new Date(f.shifts[0].start), TZ),
          end: formatDateTime(new Date(f.shifts[0].end), TZ),
          shift_slots: f.shifts[0].shift_slots.map((x) => ({
            id: x.id,
            skill_id: x.skill_id,
            positions: x.id === target.id ? 1 : x.positions,
          })),
        },
      ],
    };
    const results = await Promise.allSettled([
      ...booked.map(([a]) =>
        changeApplication(pm, { application_id: a.id, shift_slot_id: target.id }),
      ),
      updateJob(pm, fromShift.jobId, shrink),
      ...requested.map(async ([a]) =>
        changeApplicationStatus(await k.ctx(a.assignee_id), a.id, {
          status: "Request accepted",
        }),
      ),
    ]);
    expectOnlyConflicts(results);
    const { positions, filled } = await slotState(target.id);
    expect(filled).toBeLessThanOrEqual(positions);
    expect((await slotState(from.slotId)).filled).toBeLessThanOrEqual(6);
  });
});
