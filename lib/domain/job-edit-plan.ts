import { parseDateTime } from "./format";
import { addDays, fromLocal } from "./time";

/**
 * The shift edits of PUT jobs/{id} (spec §4 "Shift editing") as a plan, before anything is
 * written: the times of each shift, which shifts and slots go, which slots change their
 * positions, and whether the people booked on them allow it. Pure: the verb reads the rows,
 * asks this module, then applies the plan.
 */

export interface EditedSlot {
  id?: number | null;
  skill_id: number;
  positions: number;
  isDeleted?: boolean;
}

export interface EditedShift {
  /** A shift id, or `new_{n}` for a shift added in the editor. */
  id: number | string;
  isDeleted?: boolean;
  shift_slots: EditedSlot[];
}

export interface ExistingSlot {
  id: number;
  shiftId: number;
  skillId: number;
  positions: number;
}

/** Start from "DD/MM/YYYY HH:mm"; the end from the duration when given, else the end time. */
export function editedShiftTimes(
  s: { start: string; end?: string; duration?: number },
  timeZone: string,
): { startsAt: Date; endsAt: Date } | null {
  const start = parseDateTime(s.start);
  if (!start) return null;
  const startsAt = fromLocal(start, timeZone);
  if (s.duration)
    return {
      startsAt,
      endsAt: new Date(startsAt.getTime() + Math.round(s.duration * 60) * 60_000),
    };
  const end = s.end ? parseDateTime(s.end) : null;
  if (!end) return null;
  // An end at or before the start is on a later day: step the local date, not 24 h, so a
  // night across a clock change keeps its wall-clock end.
  let endLocal = end;
  let endsAt = fromLocal(endLocal, timeZone);
  for (let i = 0; endsAt <= startsAt && i < 2; i++) {
    endLocal = { ...endLocal, ...addDays(endLocal, 1) };
    endsAt = fromLocal(endLocal, timeZone);
  }
  if (endsAt.getTime() - startsAt.getTime() > 24 * 3_600_000) return null;
  return { startsAt, endsAt };
}

/** What becomes of one slot of a kept shift. */
export type SlotWrite =
  | { kind: "resize"; slotId: number; positions: number; from: number }
  | { kind: "insert"; skillId: number; positions: number };

export interface EditPlan {
  removedShiftIds: number[];
  removedSlotIds: number[];
  /** Per edited shift (same order as given), the writes of its slots. */
  slotWrites: SlotWrite[][];
  /** Resizes that lower a slot's positions: the people booked on it must still fit. */
  shrinking: { slotId: number; positions: number }[];
}

/**
 * The plan of the slot edits: removed shifts and slots; a slot given with its id keeps it and
 * may change its positions; a slot added for a skill the shift already has replaces that
 * slot's quantity (spec §4), otherwise it is a new slot.
 */
export function planSlotEdits(shifts: EditedShift[], existing: ExistingSlot[]): EditPlan {
  const byId = new Map(existing.map((s) => [s.id, s]));
  const removedShiftIds = shifts
    .filter((s) => s.isDeleted && typeof s.id === "number")
    .map((s) => s.id as number);
  const removedSlotIds = shifts.flatMap((s) =>
    s.isDeleted ? [] : s.shift_slots.filter((x) => x.isDeleted && x.id).map((x) => x.id!),
  );
  const removed = new Set(removedSlotIds);
  const slotWrites = shifts.map((s): SlotWrite[] => {
    if (s.isDeleted) return [];
    const writes: SlotWrite[] = [];
    for (const slot of s.shift_slots) {
      if (slot.isDeleted) continue;
      const same =
        slot.id != null
          ? byId.get(slot.id)
          : existing.find(
              (e) => e.shiftId === s.id && e.skillId === slot.skill_id && !removed.has(e.id),
            );
      if (same) {
        if (same.positions !== slot.positions)
          writes.push({
            kind: "resize",
            slotId: same.id,
            positions: slot.positions,
            from: same.positions,
          });
      } else writes.push({ kind: "insert", skillId: slot.skill_id, positions: slot.positions });
    }
    return writes;
  });
  const shrinking = slotWrites
    .flat()
    .flatMap((w) =>
      w.kind === "resize" && w.positions < w.from
        ? [{ slotId: w.slotId, positions: w.positions }]
        : [],
    );
  return { removedShiftIds, removedSlotIds, slotWrites, shrinking };
}

/** A filled place on a shift or slot the plan removes or shrinks. */
export interface BookedPlace {
  id: number;
  shiftId: number;
  slotId: number;
  status: string;
  name: string;
  skill: string;
}

const HOURS = ["Report!", "Reported", "Approved"];

export type RemovalVerdict =
  | { ok: true; cancelling: BookedPlace[] }
  | {
      ok: false;
      type: "hours_reported" | "positions_below_booked" | "bookings_affected";
      /** 409 for the first two; the third is a warning the caller confirms (410). */
      confirmable: boolean;
      message: string;
    };

/**
 * Whether the people on what is removed or shrunk allow the plan: hours reported on a removed
 * shift or slot stop it; a slot cannot shrink below the places filled on it; removing booked
 * people needs the caller's confirmation (`cancel_bookings`), and then cancels them.
 */
export function judgeRemovals(
  plan: EditPlan,
  booked: BookedPlace[],
  cancelBookings: boolean,
): RemovalVerdict {
  const goes = (a: BookedPlace) =>
    plan.removedShiftIds.includes(a.shiftId) || plan.removedSlotIds.includes(a.slotId);
  const withHours = booked.filter((a) => HOURS.includes(a.status) && goes(a));
  if (withHours.length)
    return {
      ok: false,
      type: "hours_reported",
      confirmable: false,
      message: `Hours are reported on a shift or slot you are removing (${names(withHours)}). Remove their hours first.`,
    };
  for (const s of plan.shrinking) {
    const on = booked.filter((a) => a.slotId === s.slotId);
    if (s.positions < on.length)
      return {
        ok: false,
        type: "positions_below_booked",
        confirmable: false,
        message: `${on.length} people are booked on ${on[0]?.skill ?? "this slot"}; its positions cannot go below ${on.length}.`,
      };
  }
  const cancelling = booked.filter(goes);
  if (cancelling.length && !cancelBookings) {
    const one = cancelling.length === 1;
    return {
      ok: false,
      type: "bookings_affected",
      confirmable: true,
      message: `${names(cancelling)} ${one ? "is" : "are"} booked on what you are removing. Cancel ${one ? "this booking" : "these bookings"} to save?`,
    };
  }
  return { ok: true, cancelling };
}

function names(list: BookedPlace[]): string {
  const unique = [...new Set(list.map((a) => a.name))];
  if (unique.length <= 3) return unique.join(", ").replace(/, ([^,]*)$/, " and $1");
  return `${unique.slice(0, 3).join(", ")} and ${unique.length - 3} more`;
}
