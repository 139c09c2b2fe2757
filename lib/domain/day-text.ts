/**
 * Dates and times as people type them (spec §9: DD/MM/YYYY, 24-hour HH:mm), read without a
 * time zone. Apart from format.ts so the date and time inputs, in the first load of the
 * worker's forms, do not bring its wall-clock helpers (README, "First-load JavaScript").
 */
const pad = (n: number, w = 2) => String(n).padStart(w, "0");

export { parseDate } from "./date-entry";

/** Parses HH:mm (00:00–23:59). */
export function parseTime(value: string): { hour: number; minute: number } | null {
  const m = /^(\d{1,2}):(\d{2})$/.exec(value.trim());
  if (!m) return null;
  const hour = Number(m[1]);
  const minute = Number(m[2]);
  if (hour > 23 || minute > 59) return null;
  return { hour, minute };
}

/** The time picker's choices: 00:00 to 23:30 in 30-minute steps (spec §9). */
export const TIME_OPTIONS: string[] = Array.from(
  { length: 48 },
  (_, i) => `${pad(Math.floor(i / 2))}:${pad((i % 2) * 30)}`,
);
