/**
 * What people type into the date and time pickers, read without the browser's locale: dates
 * are DD/MM/YYYY and times 24-hour HH:mm (spec §9), whatever the browser says. The pickers
 * hand ISO yyyy-mm-dd and HH:mm to their forms, so no server contract changes.
 */
import { parseDate, TIME_OPTIONS } from "./day-text";

export type CalendarDay = { year: number; month: number; day: number };

const pad = (n: number, w = 2) => String(n).padStart(w, "0");

/**
 * A typed time as HH:mm, or null: "7" → 07:00, "730" → 07:30, "1630", "16:30", "16.30",
 * "16h30" and "16 30" → 16:30. Never AM/PM; minutes need two digits ("7:5" is refused).
 */
export function parseTimeEntry(text: string): string | null {
  const m = /^(\d{1,2})(?:[:.h ]?(\d{2}))?$/i.exec(text.trim());
  if (!m) return null;
  const hour = Number(m[1]);
  const minute = m[2] === undefined ? 0 : Number(m[2]);
  if (hour > 23 || minute > 59) return null;
  return `${pad(hour)}:${pad(minute)}`;
}

/** The time picker's option to show as current for a typed text: the half hour at or before it. */
export function nearestTimeOption(text: string): string | null {
  const time = parseTimeEntry(text);
  if (!time) return null;
  const [h, m] = time.split(":").map(Number);
  return TIME_OPTIONS[h * 2 + (m >= 30 ? 1 : 0)];
}

/**
 * A typed date, or null: "23/11/2026", "23.11.2026", "23-11-2026", "23 11 2026", "23112026",
 * "23/11/26" (20yy), and a pasted ISO "2026-11-23". Day first, always.
 */
export function parseDateEntry(text: string): CalendarDay | null {
  const t = text.trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(t);
  if (iso) return parseDate(`${iso[3]}/${iso[2]}/${iso[1]}`);
  const packed = /^(\d{2})(\d{2})(\d{4})$/.exec(t);
  if (packed) return parseDate(`${packed[1]}/${packed[2]}/${packed[3]}`);
  const m = /^(\d{1,2})[/.\- ](\d{1,2})[/.\- ](\d{2}|\d{4})$/.exec(t);
  if (!m) return null;
  const year = m[3].length === 2 ? `20${m[3]}` : m[3];
  return parseDate(`${m[1]}/${m[2]}/${year}`);
}

/** yyyy-mm-dd (what the date picker emits). */
export const isoOfDay = (d: CalendarDay): string => `${d.year}-${pad(d.month)}-${pad(d.day)}`;

/** DD/MM/YYYY (what the date picker shows). */
export const displayOfDay = (d: CalendarDay): string => `${pad(d.day)}/${pad(d.month)}/${d.year}`;

/** A yyyy-mm-dd value as a day, or null when it is not a real date. */
export function dayOfIso(value: string | null | undefined): CalendarDay | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value ?? "");
  return m ? parseDate(`${m[3]}/${m[2]}/${m[1]}`) : null;
}

/** yyyy-mm-dd → DD/MM/YYYY ("" when it is not a date). */
export const isoToDisplay = (value: string | null | undefined): string => {
  const d = dayOfIso(value);
  return d ? displayOfDay(d) : "";
};

/** DD/MM/YYYY (also D/M/YYYY) → yyyy-mm-dd ("" when it is not a date). */
export const displayToIso = (value: string | null | undefined): string => {
  const d = parseDate(value ?? "");
  return d ? isoOfDay(d) : "";
};
