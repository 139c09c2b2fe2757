import { parseDate, parseTime } from "./day-text";
import { toLocal, type LocalDateTime } from "./time";

// The text parsers live apart so the date and time inputs do not bring the time-zone helpers.
export { parseDate, parseTime, TIME_OPTIONS } from "./day-text";

/** The spec §9 formats, in one place: DD/MM/YYYY, DD/MM/YYYY HH:mm, HH:mm, YYYY-MM-DD HH:mm:ss. */
const pad = (n: number, w = 2) => String(n).padStart(w, "0");

export const formatDate = (date: Date, timeZone: string): string => {
  const l = toLocal(date, timeZone);
  return `${pad(l.day)}/${pad(l.month)}/${l.year}`;
};

export const formatTime = (date: Date, timeZone: string): string => {
  const l = toLocal(date, timeZone);
  return `${pad(l.hour)}:${pad(l.minute)}`;
};

export const formatDateTime = (date: Date, timeZone: string): string =>
  `${formatDate(date, timeZone)} ${formatTime(date, timeZone)}`;

const WEEKDAY_SHORT = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

/** "Sat 27/06": a shift's day in a short message, in the job's time zone. */
export const formatWeekdayDate = (date: Date, timeZone: string): string => {
  const l = toLocal(date, timeZone);
  const day = new Date(Date.UTC(l.year, l.month - 1, l.day)).getUTCDay();
  return `${WEEKDAY_SHORT[day]} ${pad(l.day)}/${pad(l.month)}`;
};

/** booked_at format. */
export const formatBookedAt = (date: Date, timeZone: string): string => {
  const l = toLocal(date, timeZone);
  return `${l.year}-${pad(l.month)}-${pad(l.day)} ${pad(l.hour)}:${pad(l.minute)}:${pad(l.second)}`;
};

/** "22/11/2026 22:00 – 04:00" (the shift label: date then time range). */
export const formatRange = (start: Date, end: Date, timeZone: string): string =>
  `${formatDateTime(start, timeZone)} – ${formatTime(end, timeZone)}`;

/** Parses "DD/MM/YYYY HH:mm". */
export function parseDateTime(value: string): LocalDateTime | null {
  const [d, t, ...rest] = value.trim().split(/\s+/);
  if (!d || !t || rest.length) return null;
  const date = parseDate(d);
  const time = parseTime(t);
  return date && time ? { ...date, ...time } : null;
}

/** Duration in hours from minutes (spec §9: minutes divided by 60). */
export const minutesToHours = (minutes: number): number => minutes / 60;

/**
 * The one way a duration is written: "8 h 30 min", "8 h", "30 min" (rounded to whole
 * minutes; a negative one starts with a minus sign).
 */
export function formatDuration(minutes: number): string {
  const total = Math.round(Math.abs(minutes));
  const sign = minutes < 0 && total > 0 ? "−" : "";
  const h = Math.floor(total / 60);
  const m = total % 60;
  if (h === 0) return `${sign}${m} min`;
  return m ? `${sign}${h} h ${m} min` : `${sign}${h} h`;
}

/** A duration given in decimal hours (8.5 → "8 h 30 min"). */
export const formatHours = (hours: number): string => formatDuration(hours * 60);

/** Whole calendar days from the start's local date to the end's, in a zone. */
export function daysBetween(start: Date, end: Date, timeZone: string): number {
  const a = toLocal(start, timeZone);
  const b = toLocal(end, timeZone);
  return Math.round(
    (Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / 86_400_000,
  );
}

/** The one way a later end day is written: "+1 day", "+2 days"; "" for the same day. */
export const formatDayOffset = (days: number): string =>
  days > 0 ? `+${days} day${days > 1 ? "s" : ""}` : "";

/** "+1 day" when an end lands on a later day than its start in the zone, else "". */
export const endDayOffset = (start: Date, end: Date, timeZone: string): string =>
  formatDayOffset(daysBetween(start, end, timeZone));

/** "22:00–02:00 (+1 day)": a time range that says when it ends on a later day. */
export function formatTimeRange(start: Date, end: Date, timeZone: string): string {
  const range = `${formatTime(start, timeZone)}–${formatTime(end, timeZone)}`;
  const later = endDayOffset(start, end, timeZone);
  return later ? `${range} (${later})` : range;
}

/**
 * The past-date helper of spec §5. Mode "today": past when earlier than today (time of
 * day zeroed, time zones ignored) or earlier than the optional reference date. Mode
 * "reference": compares only to the reference date and is false without one.
 */
export function isPastDate(
  date: { year: number; month: number; day: number },
  today: { year: number; month: number; day: number },
  reference?: string | null,
  mode: "today" | "reference" = "today",
): boolean {
  const key = (d: { year: number; month: number; day: number }) =>
    d.year * 10_000 + d.month * 100 + d.day;
  const ref = reference ? parseDate(reference) : null;
  if (mode === "reference") return ref ? key(date) < key(ref) : false;
  return key(date) < key(today) || (ref !== null && key(date) < key(ref));
}

/**
 * A job's dates: one day "01/12/2026 08:00–16:00", a night "01/12/2026 22:00–04:00",
 * a day and a half "01/12/2026 22:00 – 02/12/2026 18:00", longer "01/12/2026 – 03/12/2026".
 */
export function formatSpan(start: Date, end: Date, timeZone: string): string {
  const d1 = formatDate(start, timeZone);
  const d2 = formatDate(end, timeZone);
  const hours = (end.getTime() - start.getTime()) / 3_600_000;
  const t1 = formatTime(start, timeZone);
  const t2 = formatTime(end, timeZone);
  if (d1 === d2 || hours <= 12) return `${d1} ${t1}–${t2}`;
  if (hours <= 48) return `${d1} ${t1} – ${d2} ${t2}`;
  return `${d1} – ${d2}`;
}
