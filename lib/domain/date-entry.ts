/**
 * Dates as people type them into the date input (spec §9: DD/MM/YYYY, day first), read
 * without a time zone or the browser's locale; the input hands its form yyyy-mm-dd. Apart from
 * time-entry.ts and day-text.ts (which re-export it) so the date input's first load carries no
 * time parsing (README, "First-load JavaScript").
 */
export type CalendarDay = { year: number; month: number; day: number };

const pad = (n: number, w = 2) => String(n).padStart(w, "0");

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
