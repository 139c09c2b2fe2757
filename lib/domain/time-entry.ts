/**
 * What people type into the date and time pickers, read without the browser's locale: dates
 * are DD/MM/YYYY and times 24-hour HH:mm (spec §9), whatever the browser says. The pickers
 * hand ISO yyyy-mm-dd and HH:mm to their forms, so no server contract changes.
 */
import { parseDate, TIME_OPTIONS } from "./format";
import { addDays } from "./time";

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

export const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

/** Column heads of the month grid; weeks start on Monday. */
export const WEEKDAYS = [
  { short: "Mo", name: "Monday" },
  { short: "Tu", name: "Tuesday" },
  { short: "We", name: "Wednesday" },
  { short: "Th", name: "Thursday" },
  { short: "Fr", name: "Friday" },
  { short: "Sa", name: "Saturday" },
  { short: "Su", name: "Sunday" },
] as const;

/** 0 = Monday … 6 = Sunday. */
export const weekdayOf = (d: CalendarDay): number =>
  (new Date(Date.UTC(d.year, d.month - 1, d.day)).getUTCDay() + 6) % 7;

export const sameDay = (a: CalendarDay | null, b: CalendarDay | null): boolean =>
  !!a && !!b && a.year === b.year && a.month === b.month && a.day === b.day;

/** "Monday 23 November 2026": the accessible name of a day in the grid. */
export const spokenDay = (d: CalendarDay): string =>
  `${WEEKDAYS[weekdayOf(d)].name} ${d.day} ${MONTH_NAMES[d.month - 1]} ${d.year}`;

/** The weeks (Monday to Sunday) that show a month, with the days of the months around it. */
export function monthGrid(year: number, month: number): CalendarDay[][] {
  const first = { year, month, day: 1 };
  const start = addDays(first, -weekdayOf(first));
  const weeks: CalendarDay[][] = [];
  for (let w = 0; w < 6; w++) {
    const week = Array.from({ length: 7 }, (_, i) => addDays(start, w * 7 + i));
    if (w > 3 && week[0].month !== month) break;
    weeks.push(week);
  }
  return weeks;
}

/** The same day of the month `months` away, clamped to its last day (31/01 + 1 → 28/02). */
export function addMonths(d: CalendarDay, months: number): CalendarDay {
  const index = d.year * 12 + (d.month - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { year, month, day: Math.min(d.day, last) };
}

/** Where a key moves the focused day of the month grid; null for other keys. */
export function dayAfterKey(d: CalendarDay, key: string, shift = false): CalendarDay | null {
  switch (key) {
    case "ArrowLeft":
      return addDays(d, -1);
    case "ArrowRight":
      return addDays(d, 1);
    case "ArrowUp":
      return addDays(d, -7);
    case "ArrowDown":
      return addDays(d, 7);
    case "Home":
      return addDays(d, -weekdayOf(d));
    case "End":
      return addDays(d, 6 - weekdayOf(d));
    case "PageUp":
      return addMonths(d, shift ? -12 : -1);
    case "PageDown":
      return addMonths(d, shift ? 12 : 1);
    default:
      return null;
  }
}
