import { parseDateTime, parseTime } from "./format";
import { addDays, fromLocal, toLocal } from "./time";

/** Longest report accepted: one shift never runs past a day. */
export const MAX_REPORTED_MINUTES = 24 * 60;
/** How far a reported start may lie from the planned start of the shift. */
const MAX_START_DRIFT_MS = 18 * 3_600_000;

export type ReportedTimes =
  | { ok: true; start: Date; end: Date; minutes: number }
  | { ok: false; field: "start" | "end"; message: string };

/**
 * The instants of a report (spec §3 Reported hours, §4 overnight): each time is "HH:mm" on
 * the shift's day or "DD/MM/YYYY HH:mm", in the job's zone. A bare start time is placed on
 * the day nearest the planned start (a 23:00 shift started at 00:15 started the next day);
 * an end at or before the start moves to the next day.
 */
export function resolveReportedTimes(
  startRaw: string,
  endRaw: string,
  shiftStart: Date,
  timeZone: string,
): ReportedTimes {
  const start = parseInstant(startRaw, shiftStart, timeZone);
  if (!start)
    return { ok: false, field: "start", message: "The start must be HH:mm or DD/MM/YYYY HH:mm." };
  if (Math.abs(start.getTime() - shiftStart.getTime()) > MAX_START_DRIFT_MS)
    return { ok: false, field: "start", message: "The start must be on the day of the shift." };
  let end = parseInstant(endRaw, start, timeZone, true);
  if (!end)
    return { ok: false, field: "end", message: "The end must be HH:mm or DD/MM/YYYY HH:mm." };
  if (end.getTime() <= start.getTime()) {
    const l = toLocal(end, timeZone);
    end = fromLocal({ ...addDays(l, 1), hour: l.hour, minute: l.minute }, timeZone);
  }
  const minutes = Math.round((end.getTime() - start.getTime()) / 60_000);
  if (minutes > MAX_REPORTED_MINUTES)
    return { ok: false, field: "end", message: "A shift cannot be longer than 24 hours." };
  return { ok: true, start, end, minutes };
}

/** One time as a report reads it: "DD/MM/YYYY HH:mm", or "HH:mm" on the day nearest `anchor`. */
export const placeReportedTime = (raw: string, anchor: Date, timeZone: string): Date | null =>
  parseInstant(raw, anchor, timeZone);

/**
 * "DD/MM/YYYY HH:mm" as given, or "HH:mm" on the local day of `anchor` (for an end: the
 * anchor's day, moved on by the overnight rule) or the neighbouring day nearest to it.
 */
function parseInstant(raw: string, anchor: Date, timeZone: string, sameDay = false): Date | null {
  const value = raw.trim();
  const full = parseDateTime(value);
  if (full) return fromLocal(full, timeZone);
  const time = parseTime(value);
  if (!time) return null;
  const day = toLocal(anchor, timeZone);
  if (sameDay) return fromLocal({ ...day, ...time }, timeZone);
  const candidates = [-1, 0, 1].map((d) => fromLocal({ ...addDays(day, d), ...time }, timeZone));
  return candidates.reduce((best, c) =>
    Math.abs(c.getTime() - anchor.getTime()) < Math.abs(best.getTime() - anchor.getTime())
      ? c
      : best,
  );
}

/** Hours as a decimal figure, e.g. 4.5 for 4 h 30 min. */
export const minutesAsHours = (minutes: number): number => Math.round((minutes / 60) * 100) / 100;
