import { and, asc, eq, isNull, sql, type SQL } from "drizzle-orm";
import { schema, type DbOrTx } from "@/db";
import { isoInZone } from "@/lib/domain/time";
import { APPLICATION_STATUSES, isFilled, type ApplicationStatus } from "@/lib/domain/statuses";

/** How many applications of each status (every status present, zero when none). */
export type StatusCounts = Record<ApplicationStatus, number>;

export const emptyCounts = (): StatusCounts =>
  Object.fromEntries(APPLICATION_STATUSES.map((s) => [s, 0])) as StatusCounts;

export interface SlotFigures {
  id: number;
  skill: { id: number; name: string };
  positions: number;
  /** Applications holding a position (FILLED_STATUSES), never more than `positions`. */
  filled: number;
  free: number;
}

export interface ShiftFigures {
  id: number;
  start: string;
  end: string;
  positions: number;
  filled: number;
  free: number;
  /** Crew holding a position who have checked in. */
  checked_in: number;
  applications: StatusCounts;
  slots: SlotFigures[];
}

export interface Totals {
  positions: number;
  filled: number;
  free: number;
  checked_in: number;
  applications: StatusCounts;
}

export interface ShiftRow {
  id: number;
  startsAt: Date;
  endsAt: Date;
}
export interface SlotRow {
  id: number;
  shiftId: number;
  skillId: number;
  skillName: string;
  positions: number;
}
/** `n` applications of one status on a slot, `checkedIn` of them checked in. */
export interface CountRow {
  slotId: number;
  status: ApplicationStatus;
  n: number;
  checkedIn: number;
}

/**
 * The fill figures of shifts from their slots and per-status application counts. Pure, so the
 * job-wide query (counts grouped in SQL) and the one-shift query (one row per application)
 * share one definition. Shifts and slots keep the order they are given in.
 */
export function foldFigures(
  shifts: ShiftRow[],
  slots: SlotRow[],
  counts: CountRow[],
  timeZone: string,
): ShiftFigures[] {
  const bySlot = new Map<number, { filled: number; checkedIn: number; apps: StatusCounts }>();
  for (const c of counts) {
    let acc = bySlot.get(c.slotId);
    if (!acc) bySlot.set(c.slotId, (acc = { filled: 0, checkedIn: 0, apps: emptyCounts() }));
    acc.apps[c.status] += c.n;
    if (isFilled(c.status)) {
      acc.filled += c.n;
      acc.checkedIn += c.checkedIn;
    }
  }
  return shifts.map((shift) => {
    const applications = emptyCounts();
    let checkedIn = 0;
    const shiftSlots: SlotFigures[] = slots
      .filter((s) => s.shiftId === shift.id)
      .map((s) => {
        const acc = bySlot.get(s.id);
        if (acc) {
          for (const st of APPLICATION_STATUSES) applications[st] += acc.apps[st];
          checkedIn += acc.checkedIn;
        }
        // Capped as on the job page: the capacity rule keeps it there anyway (DESIGN.md §5).
        const filled = Math.min(acc?.filled ?? 0, s.positions);
        return {
          id: s.id,
          skill: { id: s.skillId, name: s.skillName },
          positions: s.positions,
          filled,
          free: Math.max(0, s.positions - filled),
        };
      });
    const positions = shiftSlots.reduce((n, s) => n + s.positions, 0);
    const filled = shiftSlots.reduce((n, s) => n + s.filled, 0);
    return {
      id: shift.id,
      start: isoInZone(shift.startsAt, timeZone),
      end: isoInZone(shift.endsAt, timeZone),
      positions,
      filled,
      free: positions - filled,
      checked_in: checkedIn,
      applications,
      slots: shiftSlots,
    };
  });
}

export function totalsOf(shifts: ShiftFigures[]): Totals {
  const applications = emptyCounts();
  for (const s of shifts)
    for (const st of APPLICATION_STATUSES) applications[st] += s.applications[st];
  const positions = shifts.reduce((n, s) => n + s.positions, 0);
  const filled = shifts.reduce((n, s) => n + s.filled, 0);
  return {
    positions,
    filled,
    free: positions - filled,
    checked_in: shifts.reduce((n, s) => n + s.checked_in, 0),
    applications,
  };
}

/**
 * Live shifts (matching `where`), their live slots and the applications on them counted by
 * status, in ONE query: shifts ⟕ slots ⟕ applications grouped by shift, slot and status.
 */
export async function shiftFigures(
  db: DbOrTx,
  where: SQL,
  timeZone: string,
): Promise<ShiftFigures[]> {
  const rows = await db
    .select({
      shiftId: schema.shifts.id,
      startsAt: schema.shifts.startsAt,
      endsAt: schema.shifts.endsAt,
      slotId: schema.shiftSlots.id,
      positions: schema.shiftSlots.positions,
      skillId: schema.skills.id,
      skillName: schema.skills.name,
      status: schema.applications.status,
      n: sql<number>`count(${schema.applications.id})::int`,
      checkedIn: sql<number>`count(${schema.applications.checkInAt})::int`,
    })
    .from(schema.shifts)
    .leftJoin(
      schema.shiftSlots,
      and(eq(schema.shiftSlots.shiftId, schema.shifts.id), isNull(schema.shiftSlots.deletedAt)),
    )
    .leftJoin(schema.skills, eq(schema.skills.id, schema.shiftSlots.skillId))
    .leftJoin(schema.applications, eq(schema.applications.shiftSlotId, schema.shiftSlots.id))
    .where(and(where, isNull(schema.shifts.deletedAt)))
    .groupBy(schema.shifts.id, schema.shiftSlots.id, schema.skills.id, schema.applications.status)
    .orderBy(
      asc(schema.shifts.startsAt),
      asc(schema.shifts.id),
      asc(schema.skills.order),
      asc(schema.shiftSlots.id),
    );

  const shifts = new Map<number, ShiftRow>();
  const slots = new Map<number, SlotRow>();
  const counts: CountRow[] = [];
  for (const r of rows) {
    if (!shifts.has(r.shiftId))
      shifts.set(r.shiftId, { id: r.shiftId, startsAt: r.startsAt, endsAt: r.endsAt });
    if (r.slotId === null || r.skillId === null) continue;
    if (!slots.has(r.slotId))
      slots.set(r.slotId, {
        id: r.slotId,
        shiftId: r.shiftId,
        skillId: r.skillId,
        skillName: r.skillName ?? "",
        positions: r.positions ?? 0,
      });
    if (r.status)
      counts.push({
        slotId: r.slotId,
        status: r.status,
        n: Number(r.n),
        checkedIn: Number(r.checkedIn),
      });
  }
  return foldFigures([...shifts.values()], [...slots.values()], counts, timeZone);
}
