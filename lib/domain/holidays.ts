/**
 * Public holidays per country, for the pricing engine (holidays price as weekend, issue 13).
 * The source is the `date-holidays` package; only holidays of type "public" count (not bank
 * holidays, observances such as Juleaftensdag, or school holidays). Dates are the country's
 * local dates "YYYY-MM-DD". A holiday spanning several days counts every date it covers; one
 * that starts during the day (rare for public holidays) counts its whole date.
 *
 * Pure (no I/O; the data ships inside the package) and memoized per country and year.
 * The package carries every country's rules, so import this on the server only.
 */
import Holidays from "date-holidays";

const cache = new Map<string, Set<string>>();
const calendars = new Map<string, Holidays | null>();

function calendar(countryIso: string): Holidays | null {
  let found = calendars.get(countryIso);
  if (found === undefined) {
    found = null;
    // An ISO 3166-1 alpha-2 code (optionally with a subdivision, "US-CA"); anything else,
    // or a country the package does not know, has no holidays.
    if (/^[A-Z]{2}(-[A-Z0-9]{1,3})?$/.test(countryIso)) {
      const [country, state] = countryIso.split("-");
      try {
        found = state ? new Holidays(country, state) : new Holidays(country);
      } catch {
        found = null;
      }
    }
    calendars.set(countryIso, found);
  }
  return found;
}

const pad = (n: number, w = 2) => String(n).padStart(w, "0");

/** Local dates "YYYY-MM-DD" of the public holidays of a country in a year. */
export function publicHolidays(countryIso: string, year: number): Set<string> {
  const iso = countryIso.trim().toUpperCase();
  const key = `${iso}:${year}`;
  let dates = cache.get(key);
  if (!dates) {
    dates = new Set();
    const holidays = Number.isInteger(year) ? calendar(iso) : null;
    for (const h of holidays?.getHolidays(year) ?? []) {
      if (h.type !== "public") continue;
      const [y, m, d] = h.date.slice(0, 10).split("-").map(Number);
      const days = Math.max(1, Math.round((h.end.getTime() - h.start.getTime()) / 86_400_000));
      for (let i = 0; i < days; i++) {
        const t = new Date(Date.UTC(y, m - 1, d + i));
        dates.add(
          `${pad(t.getUTCFullYear(), 4)}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`,
        );
      }
    }
    cache.set(key, dates);
  }
  return dates;
}

/** The engine's `isHoliday` for a country; an unknown country code is never a holiday. */
export function holidayCheck(countryIso: string): (localDate: string) => boolean {
  return (localDate) => {
    const year = Number(localDate.slice(0, 4));
    return Number.isInteger(year) && publicHolidays(countryIso, year).has(localDate);
  };
}
