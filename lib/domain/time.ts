/**
 * Time-zone arithmetic without a library: a job's times are entered and shown in its
 * country's IANA zone and stored in UTC (DESIGN.md §5). Pure; uses only Intl.
 */
export interface LocalDateTime {
  year: number;
  month: number; // 1-12
  day: number;
  hour: number;
  minute: number;
}

const partsCache = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = partsCache.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-GB", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    partsCache.set(timeZone, f);
  }
  return f;
}

export function isValidTimeZone(timeZone: string): boolean {
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** Intl's wall clock in `timeZone` at the epoch milliseconds `ms` (to the second), uncached. */
function wallClock(ms: number, timeZone: string): LocalDateTime & { second: number } {
  const l = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  for (const p of formatter(timeZone).formatToParts(ms))
    if (p.type in l) l[p.type as keyof typeof l] = Number(p.value);
  return l;
}

const HOUR = 3_600_000;

/** How far the zone's wall clock is from UTC at `ms`, in milliseconds (whole seconds). */
function offsetMsAt(ms: number, timeZone: string): number {
  const l = wallClock(ms, timeZone);
  const t = new Date(Date.UTC(2000, 0, 1, l.hour, l.minute, l.second));
  t.setUTCFullYear(l.year, l.month - 1, l.day); // Date.UTC reads years 0-99 as 1900-1999
  return t.getTime() - Math.floor(ms / 1000) * 1000;
}

/**
 * The zone's offset through each UTC hour, by zone and hour: NaN for an hour in which it
 * changes (its first and last second differ; no zone changes twice within an hour), whose
 * instants are asked of Intl one by one. Lists format every row's times, several per row, and
 * Intl's formatToParts was the costly part; once an hour is known a wall clock is arithmetic.
 * Bounded: cleared once it holds OFFSET_CACHE_MAX entries. A map of hours per zone: a text key
 * per lookup ("zone hour") was most of a lookup's cost.
 */
const hourOffsets = new Map<string, Map<number, number>>();
let cachedHours = 0;
const OFFSET_CACHE_MAX = 20_000;

function hourOffset(ms: number, timeZone: string): number {
  const hour = Math.floor(ms / HOUR);
  let hours = hourOffsets.get(timeZone);
  let off = hours?.get(hour);
  if (off === undefined) {
    const first = offsetMsAt(hour * HOUR, timeZone);
    off = first === offsetMsAt(hour * HOUR + HOUR - 1000, timeZone) ? first : NaN;
    if (cachedHours >= OFFSET_CACHE_MAX) {
      hourOffsets.clear();
      cachedHours = 0;
      hours = undefined;
    }
    if (!hours) hourOffsets.set(timeZone, (hours = new Map()));
    hours.set(hour, off);
    cachedHours++;
  }
  return off;
}

/** The zone's offset from UTC in milliseconds at `ms` (whole seconds). */
function offsetMs(ms: number, timeZone: string): number {
  const off = hourOffset(ms, timeZone);
  return Number.isNaN(off) ? offsetMsAt(ms, timeZone) : off;
}

/** The wall-clock time in `timeZone` at the instant `date`. */
export function toLocal(date: Date, timeZone: string): LocalDateTime & { second: number } {
  const ms = date.getTime();
  // An invalid date goes to Intl, which throws for it (RangeError) as it always did.
  const off = Number.isFinite(ms) ? hourOffset(ms, timeZone) : NaN;
  if (Number.isNaN(off)) return wallClock(ms, timeZone);
  const w = new Date(Math.floor(ms / 1000) * 1000 + off);
  return {
    year: w.getUTCFullYear(),
    month: w.getUTCMonth() + 1,
    day: w.getUTCDate(),
    hour: w.getUTCHours(),
    minute: w.getUTCMinutes(),
    second: w.getUTCSeconds(),
  };
}

/** The offset of the zone at `date` from its wall clock `l` there (see `offsetMinutes`). */
function offsetOf(date: Date, l: LocalDateTime & { second: number }): number {
  const asUtc = Date.UTC(l.year, l.month - 1, l.day, l.hour, l.minute, l.second);
  return Math.round((asUtc - Math.floor(date.getTime() / 1000) * 1000) / 60_000);
}

/** Offset of the zone from UTC at an instant, in minutes (e.g. +60 for Copenhagen in winter). */
export function offsetMinutes(date: Date, timeZone: string): number {
  return offsetOf(date, toLocal(date, timeZone));
}

/**
 * The instant at which the wall clock in `timeZone` shows `local`. In the spring-forward
 * gap the time is moved forward by the gap; in the autumn overlap the earlier one is taken.
 */
export function fromLocal(local: LocalDateTime, timeZone: string): Date {
  const guess = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute);
  // The zone's offsets a day either side bound every candidate (one DST change at most).
  const before = offsetMinutes(new Date(guess - 86_400_000), timeZone);
  const after = offsetMinutes(new Date(guess + 86_400_000), timeZone);
  const candidates = [...new Set([before, after])].map((o) => guess - o * 60_000);
  const matches = candidates.filter((t) => {
    const l = toLocal(new Date(t), timeZone);
    return l.day === local.day && l.hour === local.hour && l.minute === local.minute;
  });
  // Overlap: the earlier instant. Gap: the offset before the change, i.e. moved forward.
  if (matches.length) return new Date(Math.min(...matches));
  return new Date(guess - before * 60_000);
}

const pad = (n: number, w = 2) => String(n).padStart(w, "0");

const MINUTE = 60_000;

/** The zone's offset from UTC in whole minutes at an epoch minute (`hourOffset`: memoized). */
export function offsetAtMinute(epochMin: number, timeZone: string): number {
  return Math.floor(offsetMs(epochMin * MINUTE, timeZone) / MINUTE);
}

/** ISO 8601 with the zone's offset, e.g. 2026-11-22T22:00:00+01:00 (DESIGN.md §4). */
export function isoInZone(date: Date, timeZone: string): string {
  const ms = date.getTime();
  const off = offsetAtMinute(Math.floor(ms / MINUTE), timeZone);
  // The wall clock is the instant moved by the offset, written as UTC: no Intl call once known.
  return utcClockText(ms + off * MINUTE) + offsetText(off);
}

const DAY_MS = 86_400_000;
const TWO_DIGITS = Array.from({ length: 100 }, (_, n) => String(n).padStart(2, "0"));

/**
 * "YYYY-MM-DDTHH:mm:ss" of epoch milliseconds in UTC, by arithmetic (days to a civil date:
 * H. Hinnant's algorithm). Date's getUTC… getters and toISOString cost ~0.5 µs an instant, and
 * a list writes several per row (a month view at scale: 336). Years outside 0-9999 and
 * invalid instants go through Date as before.
 */
function utcClockText(ms: number): string {
  const days = Math.floor(ms / DAY_MS);
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  if (!(year >= 1000 && year <= 9999)) {
    const w = new Date(ms);
    return `${w.getUTCFullYear()}-${pad(w.getUTCMonth() + 1)}-${pad(w.getUTCDate())}T${pad(w.getUTCHours())}:${pad(w.getUTCMinutes())}:${pad(w.getUTCSeconds())}`;
  }
  const secs = Math.floor((ms - days * DAY_MS) / 1000);
  return `${year}-${TWO_DIGITS[month]}-${TWO_DIGITS[day]}T${TWO_DIGITS[Math.floor(secs / 3600)]}:${TWO_DIGITS[Math.floor(secs / 60) % 60]}:${TWO_DIGITS[secs % 60]}`;
}

/** "+01:00" for an offset of 60 minutes; the few offsets in use are kept. */
const offsetTexts = new Map<number, string>();
function offsetText(off: number): string {
  let text = offsetTexts.get(off);
  if (text === undefined) {
    const abs = Math.abs(off);
    text = `${off >= 0 ? "+" : "-"}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
    if (offsetTexts.size < 200) offsetTexts.set(off, text);
  }
  return text;
}

/** Adds whole calendar days to a local date (no time zone involved). */
export function addDays(d: { year: number; month: number; day: number }, days: number) {
  const t = new Date(Date.UTC(d.year, d.month - 1, d.day + days));
  return { year: t.getUTCFullYear(), month: t.getUTCMonth() + 1, day: t.getUTCDate() };
}

/**
 * A shift's start and end from a local date and "HH:mm" times; when the end is not after
 * the start it moves to the next day (spec §4 overnight hours).
 */
export function shiftInstants(
  date: { year: number; month: number; day: number },
  start: { hour: number; minute: number },
  end: { hour: number; minute: number },
  timeZone: string,
): { start: Date; end: Date } {
  const overnight = end.hour * 60 + end.minute <= start.hour * 60 + start.minute;
  const endDate = overnight ? addDays(date, 1) : date;
  return {
    start: fromLocal({ ...date, ...start }, timeZone),
    end: fromLocal({ ...endDate, ...end }, timeZone),
  };
}
