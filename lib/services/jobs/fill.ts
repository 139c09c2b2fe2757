import { and, eq, exists, gte, isNull, lte, ne, sql, type SQL } from "drizzle-orm";
import { schema, type DbOrTx } from "@/db";

/**
 * Filled applications of the slot in the current row: its stored booked count (migration
 * shift_slots_booked, kept by triggers on applications; db:check "slot-booked"). Counted per
 * slot on applications(shift_slot_id, status), every list row probed that index once a slot.
 * The verbs that fill places count under their locks instead (lib/services/applications).
 */
export const filledOfSlot = sql<number>`${schema.shiftSlots.booked}`;

/** How far ahead "open positions" and the jobs filter `unfilled=1` look. */
export const UNFILLED_WINDOW_HOURS = 48;

/** A job that is still to be staffed: not cancelled and not archived. */
export const jobStillStaffed: SQL = and(
  isNull(schema.jobs.deletedAt),
  ne(schema.jobs.status, "Cancelled"),
)!;

/**
 * A live slot (joined with its shift) on a shift that starts within the next 48 hours, from
 * `now` on. Shared by the dashboard's open positions and the jobs filter, so the figure and
 * the list behind it always agree. Uses the index on shifts.starts_at.
 */
export function slotStartsSoon(now: Date): SQL {
  return and(
    isNull(schema.shifts.deletedAt),
    isNull(schema.shiftSlots.deletedAt),
    gte(schema.shifts.startsAt, now),
    lte(schema.shifts.startsAt, new Date(now.getTime() + UNFILLED_WINDOW_HOURS * 3_600_000)),
  )!;
}

/**
 * The jobs filter `unfilled=1`: the job (the current row of `jobs`) has a slot with fewer
 * filled applications than positions on a shift starting within the next 48 hours.
 */
export function hasUnfilledSlotSoon(db: DbOrTx, now: Date): SQL {
  return and(
    jobStillStaffed,
    exists(
      db
        .select({ one: sql`1` })
        .from(schema.shifts)
        .innerJoin(schema.shiftSlots, eq(schema.shiftSlots.shiftId, schema.shifts.id))
        .where(
          and(
            eq(schema.shifts.jobId, schema.jobs.id),
            slotStartsSoon(now),
            sql`${filledOfSlot} < ${schema.shiftSlots.positions}`,
          ),
        ),
    ),
  )!;
}
