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

/** The wall-clock time in `timeZone` at the instant `date`. */
export function toLocal(date: Date, timeZone: string): LocalDateTime & { second: number } {
  const l = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  // A plain loop: lists format every row's times, and this runs a few times per row.
  for (const p of formatter(timeZone).formatToParts(date))
    if (p.type in l) l[p.type as keyof typeof l] = Number(p.value);
  return l;
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

/** ISO 8601 with the zone's offset, e.g. 2026-11-22T22:00:00+01:00 (DESIGN.md §4). */
export function isoInZone(date: Date, timeZone: string): string {
  const l = toLocal(date, timeZone);
  // The offset from the same wall clock: one formatting per instant, not two.
  const off = offsetOf(date, l);
  const sign = off >= 0 ? "+" : "-";
  const abs = Math.abs(off);
  return `${l.year}-${pad(l.month)}-${pad(l.day)}T${pad(l.hour)}:${pad(l.minute)}:${pad(l.second)}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
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
