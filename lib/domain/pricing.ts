/**
 * The one pricing engine: client prices and worker pay both go through it (issue 13).
 *
 * Rules
 * - Work in the job's IANA time zone. Each worked minute gets one band, decided by its
 *   local wall-clock time: **night beats weekend beats standard**.
 *   - night: the local time of day lies in the night window [nightStart, nightEnd), which
 *     may cross midnight ("22:00"–"06:00"). A null start or end, or equal start and end,
 *     means there is no night window.
 *   - weekend: the local date is a Saturday or Sunday, or a public holiday (holidays price
 *     as weekend; `isHoliday` gets the local date "YYYY-MM-DD").
 *   - standard: every other minute.
 * - Split to the minute: start, end and break edges are truncated to the whole minute.
 *   end <= start gives zero minutes (callers move an overnight end to the next day before
 *   calling, spec §4); nothing is rejected, a 24-hour shift is fine.
 * - DST: real elapsed minutes are counted. A night across the spring change is 60 minutes
 *   shorter, one across the autumn change 60 minutes longer, and the repeated hour's band
 *   follows its wall-clock time.
 * - Breaks are unpaid and cut out exactly; only the part inside the shift counts, and
 *   overlapping breaks are not cut twice.
 * - Money: prices are integer minor units per hour. `costOf` gives an exact integer in
 *   "minor-unit minutes" (minutes × hourly price) so callers add many shifts and positions
 *   and round once, half-up, with `toMinorUnits`.
 * - A null weekend price means weekend minutes cost the standard price. A null night price
 *   means the rate has no night band at all: its window is ignored (`nightWindowOf`), so a
 *   Saturday 23:00 minute stays a weekend minute rather than dropping to the standard price.
 *
 * Speed: the walk goes from boundary to boundary (local midnights, night-window edges, DST
 * transitions, break edges), one Intl call per piece, never minute by minute.
 *
 * Pure: no I/O; only Intl through `lib/domain/time.ts`.
 */
import { offsetAtMinute } from "./time";

export type Band = "standard" | "weekend" | "night";

/** Hourly prices in minor units; null weekend price = weekend costs the standard price; null
 *  night price = no night band (see `nightWindowOf`);
 *  nightStart/nightEnd "HH:mm" local wall clock, may cross midnight ("22:00"–"06:00"); null
 *  (or equal start and end) = no night window. */
export interface RateBands {
  standard: number;
  weekend: number | null;
  night: number | null;
  nightStart: string | null;
  nightEnd: string | null;
}

export interface Interval {
  start: Date;
  end: Date;
}

export interface SplitInput {
  start: Date;
  end: Date;
  timeZone: string;
  nightStart: string | null;
  nightEnd: string | null;
  /** Whether a local date ("YYYY-MM-DD") is a public holiday; see `holidayCheck`. */
  isHoliday: (localDate: string) => boolean;
  /** Unpaid breaks, cut out to the minute. */
  breaks?: Interval[];
}

const MINUTE = 60_000;
const DAY_MINUTES = 1440;

/** Epoch minutes, truncated (seconds and milliseconds dropped). */
const epochMinute = (d: Date) => Math.floor(d.getTime() / MINUTE);

/** "HH:mm" (or "H:mm", "HH:mm:ss") to minutes after local midnight; null when not a time. */
export function minuteOfDay(text: string | null): number | null {
  if (text === null) return null;
  const m = /^(\d{1,2}):(\d{2})(?::\d{2})?$/.exec(text.trim());
  if (!m) return null;
  const hour = Number(m[1]);
  const minute = Number(m[2]);
  if (hour > 24 || minute > 59 || (hour === 24 && minute > 0)) return null;
  return (hour * 60 + minute) % DAY_MINUTES;
}

/** The night window as minutes of the day, or null when there is none. */
function nightWindow(nightStart: string | null, nightEnd: string | null) {
  const start = minuteOfDay(nightStart);
  const end = minuteOfDay(nightEnd);
  if (start === null || end === null || start === end) return null;
  return { start, end };
}

function inWindow(minute: number, window: { start: number; end: number }) {
  return window.start < window.end
    ? minute >= window.start && minute < window.end
    : minute >= window.start || minute < window.end;
}

const pad = (n: number, w = 2) => String(n).padStart(w, "0");

/** Local date text and weekday of a local day number (days since 1970-01-01 on the wall clock). */
function localDay(dayNumber: number) {
  const d = new Date(dayNumber * DAY_MINUTES * MINUTE);
  const text = `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  const weekday = d.getUTCDay();
  return { text, weekend: weekday === 0 || weekday === 6 };
}

/** The worked pieces of [start, end) once the breaks are cut out, in epoch minutes. */
function workedPieces(start: number, end: number, breaks: Interval[]): [number, number][] {
  const cuts = breaks
    .map((b) => [Math.max(epochMinute(b.start), start), Math.min(epochMinute(b.end), end)])
    .filter(([s, e]) => e > s)
    .sort((a, b) => a[0] - b[0]);
  const pieces: [number, number][] = [];
  let cursor = start;
  for (const [s, e] of cuts) {
    if (s > cursor) pieces.push([cursor, s]);
    cursor = Math.max(cursor, e);
  }
  if (cursor < end) pieces.push([cursor, end]);
  return pieces;
}

/** Worked minutes per band; the three add up to the worked minutes. */
export function splitMinutes(input: SplitInput): Record<Band, number> {
  const result: Record<Band, number> = { standard: 0, weekend: 0, night: 0 };
  const start = epochMinute(input.start);
  const end = epochMinute(input.end);
  if (!(end > start)) return result; // also NaN from an invalid date
  const window = nightWindow(input.nightStart, input.nightEnd);
  const weekendCache = new Map<number, boolean>();
  const isWeekend = (dayNumber: number) => {
    let weekend = weekendCache.get(dayNumber);
    if (weekend === undefined) {
      const day = localDay(dayNumber);
      weekend = day.weekend || input.isHoliday(day.text);
      weekendCache.set(dayNumber, weekend);
    }
    return weekend;
  };

  for (const [pieceStart, pieceEnd] of workedPieces(start, end, input.breaks ?? [])) {
    let t = pieceStart;
    let offset = offsetAtMinute(t, input.timeZone);
    while (t < pieceEnd) {
      const wall = t + offset;
      const dayNumber = Math.floor(wall / DAY_MINUTES);
      const minute = wall - dayNumber * DAY_MINUTES;
      // The next wall-clock edge: midnight or a night-window edge later today.
      let edge = DAY_MINUTES;
      if (window) {
        if (window.start > minute) edge = Math.min(edge, window.start);
        if (window.end > minute) edge = Math.min(edge, window.end);
      }
      let next = Math.min(t + (edge - minute), pieceEnd);
      // A DST transition before that edge ends the piece early (offsets change at most once
      // within a day, so comparing both ends finds it; a binary search pins the minute).
      let nextOffset = offsetAtMinute(next, input.timeZone);
      if (nextOffset !== offset) {
        let lo = t; // offset(lo) === offset
        let hi = next; // offset(hi) !== offset
        while (hi - lo > 1) {
          const mid = Math.floor((lo + hi) / 2);
          const o = offsetAtMinute(mid, input.timeZone);
          if (o === offset) lo = mid;
          else {
            hi = mid;
            nextOffset = o;
          }
        }
        next = hi;
      }
      const band: Band =
        window && inWindow(minute, window)
          ? "night"
          : isWeekend(dayNumber)
            ? "weekend"
            : "standard";
      result[band] += next - t;
      t = next;
      offset = nextOffset;
    }
  }
  return result;
}

/** Exact cost in "minor-unit minutes" (minutes × hourly price, an integer) so callers can add
 *  many shifts and positions and round once. */
export function costOf(minutes: Record<Band, number>, rate: RateBands): number {
  return (
    minutes.standard * rate.standard +
    minutes.weekend * (rate.weekend ?? rate.standard) +
    minutes.night * (rate.night ?? rate.standard)
  );
}

/** Rounds a "minor-unit minutes" sum to minor units, half-up, once. Half-up is symmetric
 *  for negative sums (a negative margin rounds half away from zero too). */
export function toMinorUnits(minorMinutes: number): number {
  if (minorMinutes < 0) return -toMinorUnits(-minorMinutes) || 0; // never -0
  return Math.floor((minorMinutes + 30) / 60);
}

/** Convenience: split + cost + round for one shift. */
/** The night window a rate prices: none when it has no night price. Split with this. */
export function nightWindowOf(rate: RateBands): Pick<SplitInput, "nightStart" | "nightEnd"> {
  return rate.night === null
    ? { nightStart: null, nightEnd: null }
    : { nightStart: rate.nightStart, nightEnd: rate.nightEnd };
}

export function priceShift(
  input: Omit<SplitInput, "nightStart" | "nightEnd"> & { rate: RateBands },
): { minutes: Record<Band, number>; total: number } {
  const { rate, ...rest } = input;
  const minutes = splitMinutes({ ...rest, ...nightWindowOf(rate) });
  return { minutes, total: toMinorUnits(costOf(minutes, rate)) };
}

const BANDS: Band[] = ["standard", "weekend", "night"];

/** "7 h 30 min", "6 h", "45 min". */
export function describeDuration(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours && rest) return `${hours} h ${rest} min`;
  if (rest) return `${rest} min`;
  return `${hours} h`;
}

/** "6 h standard, 2 h night", "7 h 30 min standard", "45 min weekend"; bands with 0 minutes
 *  left out; "0 h" for nothing. Order: standard, weekend, night. */
export function describeSplit(minutes: Record<Band, number>): string {
  const parts = BANDS.filter((band) => minutes[band] > 0).map(
    (band) => `${describeDuration(minutes[band])} ${band}`,
  );
  return parts.length ? parts.join(", ") : "0 h";
}
