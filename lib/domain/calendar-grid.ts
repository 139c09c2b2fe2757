/**
 * The date input's month calendar: its names, grid and keys. Apart from time-entry.ts, which
 * every date field loads with its screen: the calendar is fetched when first opened
 * (components/ui/date-input-calendar.tsx), and so are these (with lib/domain/time's addDays).
 */
import { addDays } from "./time";
import type { CalendarDay } from "./date-entry";

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
