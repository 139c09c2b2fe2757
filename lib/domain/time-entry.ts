/**
 * What people type into the date and time pickers, read without the browser's locale: dates
 * are DD/MM/YYYY and times 24-hour HH:mm (spec §9), whatever the browser says. The pickers
 * hand ISO yyyy-mm-dd and HH:mm to their forms, so no server contract changes.
 */
import { TIME_OPTIONS } from "./day-text";

// The date half lives apart so the date input, in the first load of the worker's profile
// forms, does not bring the time picker's parsers (README, "First-load JavaScript").
import { dayOfIso, displayOfDay, isoOfDay, parseDate } from "./date-entry";
export { dayOfIso, displayOfDay, isoOfDay, parseDateEntry, type CalendarDay } from "./date-entry";

// The lists' and filters' conversions live here, not in date-entry.ts: the date input needs
// neither, and its module is in the first load of the worker's forms.

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
