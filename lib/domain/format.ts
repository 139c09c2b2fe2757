import { toLocal, type LocalDateTime } from "./time";

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

/** booked_at format. */
export const formatBookedAt = (date: Date, timeZone: string): string => {
  const l = toLocal(date, timeZone);
  return `${l.year}-${pad(l.month)}-${pad(l.day)} ${pad(l.hour)}:${pad(l.minute)}:${pad(l.second)}`;
};

/** "22/11/2026 22:00 – 04:00" (the shift label: date then time range). */
export const formatRange = (start: Date, end: Date, timeZone: string): string =>
  `${formatDateTime(start, timeZone)} – ${formatTime(end, timeZone)}`;

/** Parses DD/MM/YYYY (also D/M/YYYY); null when it is not a real calendar date. */
export function parseDate(value: string): { year: number; month: number; day: number } | null {
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value.trim());
  if (!m) return null;
  const day = Number(m[1]);
  const month = Number(m[2]);
  const year = Number(m[3]);
  const t = new Date(Date.UTC(year, month - 1, day));
  if (t.getUTCFullYear() !== year || t.getUTCMonth() !== month - 1 || t.getUTCDate() !== day)
    return null;
  return { year, month, day };
}

/** Parses HH:mm (00:00–23:59). */
export function parseTime(value: string): { hour: number; minute: number } | null {
  const m = /^(\d{1,2}):(\d{2})$/.exec(value.trim());
  if (!m) return null;
  const hour = Number(m[1]);
  const minute = Number(m[2]);
  if (hour > 23 || minute > 59) return null;
  return { hour, minute };
}

/** Parses "DD/MM/YYYY HH:mm". */
export function parseDateTime(value: string): LocalDateTime | null {
  const [d, t, ...rest] = value.trim().split(/\s+/);
  if (!d || !t || rest.length) return null;
  const date = parseDate(d);
  const time = parseTime(t);
  return date && time ? { ...date, ...time } : null;
}

/** The time picker's choices: 00:00 to 23:30 in 30-minute steps (spec §9). */
export const TIME_OPTIONS: string[] = Array.from(
  { length: 48 },
  (_, i) => `${pad(Math.floor(i / 2))}:${pad((i % 2) * 30)}`,
);

/** Duration in hours from minutes (spec §9: minutes divided by 60). */
export const minutesToHours = (minutes: number): number => minutes / 60;

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
