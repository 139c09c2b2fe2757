import { formatDateTime, formatTime } from "./format";
import { placeReportedTime } from "./reported-hours";

/**
 * A worker's check-in and check-out on a shift (issue 23): the windows, the early check-out
 * question, the undo and the office's corrections. Every time rule of attendance lives here,
 * pure, so the verbs and the screens agree to the second.
 */
const MINUTE = 60_000;

/** Check-in opens this long before the shift starts (travel, early call times). */
export const CHECK_IN_OPENS_BEFORE_MS = 6 * 60 * MINUTE;
/** How long after the planned end a worker may still check out (overtime, a late load-out). */
export const CHECK_OUT_CLOSES_AFTER_MS = 12 * 60 * MINUTE;
/** A check-out more than this many minutes before the shift's end is asked about first. */
export const EARLY_CHECK_OUT_MINUTES = 30;
/** For this many minutes after checking out the worker may take it back. */
export const CHECK_OUT_UNDO_MINUTES = 10;

export const checkInOpensAt = (startsAt: Date): Date =>
  new Date(startsAt.getTime() - CHECK_IN_OPENS_BEFORE_MS);

/** True when checking out at `now` is more than EARLY_CHECK_OUT_MINUTES before the end. */
export const isEarlyCheckOut = (now: Date, endsAt: Date): boolean =>
  endsAt.getTime() - now.getTime() > EARLY_CHECK_OUT_MINUTES * MINUTE;

/** The question before an early check-out: "Your shift ends at 21:00. Check out now, at 17:06?" */
export const earlyCheckOutQuestion = (now: Date, endsAt: Date, timeZone: string): string =>
  `Your shift ends at ${formatTime(endsAt, timeZone)}. Check out now, at ${formatTime(now, timeZone)}?`;

/** Until when a check-out may be undone by the worker. */
export const checkOutUndoUntil = (checkOutAt: Date): Date =>
  new Date(checkOutAt.getTime() + CHECK_OUT_UNDO_MINUTES * MINUTE);

export const canUndoCheckOut = (now: Date, checkOutAt: Date | null): boolean =>
  checkOutAt !== null && now.getTime() < checkOutUndoUntil(checkOutAt).getTime();

export const UNDO_CHECK_OUT_CLOSED = `A check-out can be undone for ${CHECK_OUT_UNDO_MINUTES} minutes only. Ask the office to correct it.`;

/**
 * A time the office types for a check-in or check-out: "HH:mm" on the day nearest `anchor`
 * (the shift's start for a check-in, its end for a check-out, so an overnight shift reads
 * right), "DD/MM/YYYY HH:mm" in the job's zone, or an ISO 8601 date-time with its offset.
 */
export function placeCheckTime(raw: string, anchor: Date, timeZone: string): Date | null {
  const value = raw.trim();
  if (/^\d{4}-\d{2}-\d{2}T/.test(value)) {
    // Only with an offset or Z: a bare local ISO time would be read in the server's zone.
    if (!/(Z|[+-]\d{2}:?\d{2})$/i.test(value)) return null;
    const at = new Date(value);
    return Number.isNaN(at.getTime()) ? null : at;
  }
  return placeReportedTime(value, anchor, timeZone);
}

export type CheckTimesRefusal = { field: "check_in_at" | "check_out_at"; message: string };

/**
 * What is wrong with a shift's check-in and check-out as the office would set them, or null:
 * a check-out needs a check-in; the check-in lies in its window (from six hours before the
 * start until the end), the check-out after the check-in and before the check-out closes;
 * neither lies in the future.
 */
export function checkTimesRefusal(
  times: { checkInAt: Date | null; checkOutAt: Date | null },
  shift: { startsAt: Date; endsAt: Date },
  now: Date,
  timeZone: string,
): CheckTimesRefusal | null {
  const { checkInAt, checkOutAt } = times;
  const at = (d: Date) => formatDateTime(d, timeZone);
  if (checkInAt) {
    const opens = checkInOpensAt(shift.startsAt);
    if (checkInAt.getTime() < opens.getTime() || checkInAt.getTime() > shift.endsAt.getTime())
      return {
        field: "check_in_at",
        message: `The check-in must be between ${at(opens)} and the end of the shift, ${at(shift.endsAt)}.`,
      };
    if (checkInAt.getTime() > now.getTime())
      return { field: "check_in_at", message: "The check-in cannot be later than now." };
  }
  if (checkOutAt) {
    if (!checkInAt)
      return { field: "check_out_at", message: "A check-out needs a check-in. Set both." };
    if (checkOutAt.getTime() <= checkInAt.getTime())
      return { field: "check_out_at", message: "The check-out must be after the check-in." };
    const closes = new Date(shift.endsAt.getTime() + CHECK_OUT_CLOSES_AFTER_MS);
    if (checkOutAt.getTime() > closes.getTime())
      return {
        field: "check_out_at",
        message: `The check-out must be no later than ${at(closes)}, ${CHECK_OUT_CLOSES_AFTER_MS / (60 * MINUTE)} hours after the shift's end.`,
      };
    if (checkOutAt.getTime() > now.getTime())
      return { field: "check_out_at", message: "The check-out cannot be later than now." };
  }
  return null;
}
