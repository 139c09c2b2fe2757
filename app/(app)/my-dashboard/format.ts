import { formatDate, formatTime } from "@/lib/domain/format";
import { toLocal } from "@/lib/domain/time";

/** Whole calendar days from the start's local date to the end's, in the job's zone. */
function daysBetween(start: Date, end: Date, timeZone: string): number {
  const a = toLocal(start, timeZone);
  const b = toLocal(end, timeZone);
  return Math.round(
    (Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / 86_400_000,
  );
}

/** "22:00–02:00 (+1 day)": a time range that says when it ends on a later day. */
export function timeRange(startIso: string, endIso: string, timeZone: string): string {
  const start = new Date(startIso);
  const end = new Date(endIso);
  const days = daysBetween(start, end, timeZone);
  const range = `${formatTime(start, timeZone)}–${formatTime(end, timeZone)}`;
  return days > 0 ? `${range} (+${days} day${days > 1 ? "s" : ""})` : range;
}

export const dayOf = (iso: string, timeZone: string): string => formatDate(new Date(iso), timeZone);

/** "4 h 30 min". */
export function duration(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m ? `${h} h ${m} min` : `${h} h`;
}

/** "HH:mm" of an instant in the job's zone (the hours form's fields). */
export const hhmm = (iso: string, timeZone: string): string => formatTime(new Date(iso), timeZone);
