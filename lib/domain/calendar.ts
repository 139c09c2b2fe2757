import type { JobStatus } from "./statuses";

/**
 * The job/shift calendar's pure rules: which days a request covers (spec §9: no dates → the
 * current month), how long a range may be, and the colour key of an event.
 */

/** A month view shows up to 6 weeks (42 days); a few days' margin either side for time zones. */
export const CALENDAR_MAX_DAYS = 45;

/** perDay of GET calendar-jobs: at most this many events a day (a month cell shows ~5). */
export const CALENDAR_PER_DAY_MAX = 20;

/**
 * What the month view asks for a day: more than its cells show, so a day with more always
 * overflows and react-big-calendar draws "+N more", which then counts from the server's
 * totals. Fewer would leave a cut day without its "+N more". The calendar's height is fixed
 * (44rem, 36rem on a phone) and shared by the weeks it draws, so a cell's room follows the
 * month's weeks. Measured in Chromium (session 14, a busy agency's months): a cell of a 5- or
 * 6-week month shows 2 events (a phone 1), of a 4-week month (February 2027) 4 (a phone 2).
 * Two to spare each: 6 a day in a 4-week month, 4 in the others (6 throughout before session
 * 15: a 6-week month's answer carried 252 events where its cells draw 84). Not fewer: a cell
 * of a 5- or 6-week month has room for 3 and draws 2 and "+N more" only past that — with 3 a
 * day (tried in session 22, at 1280 and 1920) every busy day drew 3 and no "+N more".
 */
export function monthPerDay(range: { start: LocalDay; end: LocalDay }): number {
  return daysBetween(range.start, range.end) + 1 <= 28 ? 6 : 4;
}

/**
 * What the week and agenda views ask for a day. A busy agency's week held ~2,500 shifts (350 a
 * day) and its 30-day agenda 3,000: react-big-calendar took 3 s and 30 s to draw them in
 * Chromium (each day tests every event, through luxon), a phone longer, and no one reads 350
 * boxes in one column. The soonest few a day; the day's header (week) or the row under its
 * last shift (agenda) says "+N more" and opens the day view, which still lists the day in full.
 * A week's column is ~130 px wide at 1280: four boxes side by side still show booked /
 * positions (ten were slivers). An agenda row is a full line: ten fill a phone's screen.
 */
export const WEEK_PER_DAY = 4;
export const AGENDA_PER_DAY = 10;

/** perDay of a view's request: the month's cells, the week's columns, the agenda's days; a day in full. */
export function perDayOf(
  view: CalendarView,
  range: { start: LocalDay; end: LocalDay },
): number | undefined {
  switch (view) {
    case "month":
      return monthPerDay(range);
    case "week":
      return WEEK_PER_DAY;
    case "agenda":
      return AGENDA_PER_DAY;
    case "day":
      return undefined;
  }
}

/**
 * Each day's share of `items`: `bounds` holds each day's first instant and then the end of the
 * last day (epoch ms, ascending), so n + 1 bounds make n days. An item lands on every day it
 * overlaps (a shift past midnight on both; one of no length on the day it sits in), in the
 * order given. One pass with a binary search each: the calendar's own per-day filter tested
 * every event against every day.
 */
export function byDay<T>(
  items: readonly T[],
  span: (item: T) => readonly [start: number, end: number],
  bounds: readonly number[],
): T[][] {
  const days: T[][] = Array.from({ length: Math.max(0, bounds.length - 1) }, () => []);
  for (const item of items) {
    const [start, end] = span(item);
    // The first day whose end is after the start (binary search over the day ends).
    let lo = 0;
    let hi = days.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (bounds[mid + 1]! > start) hi = mid;
      else lo = mid + 1;
    }
    const last = end > start ? end - 1 : start; // the last instant the item covers
    for (let i = lo; i < days.length && bounds[i]! <= last; i++) days[i]!.push(item);
  }
  return days;
}

/**
 * perDay's day counts stop here: a day holding this many or more answers the cap and is named
 * in `days_capped` (a month cell then says "+N+ more", as the new-jobs counter says "20+").
 * Counting a busy day exactly cost a walk of every shift in the grid (23,000 at scale); a cell
 * shows 5 and a person reads "99+" as "very busy" — the day view still lists the day in full.
 */
export const CALENDAR_DAY_COUNT_CAP = 99;

/**
 * How many of a day's events a month cell shows and how many its "+N more" says: the cell
 * drew `shown` of what it holds; the day has `total` in all (the server's count), or only
 * what the cell holds when the answer was not cut per day.
 */
export const moreOnDay = (total: number | undefined, shown: number, held: number): number =>
  Math.max(0, (total ?? held) - shown);

/**
 * The figure of a month cell's "+N more" (the cell adds " more"); a day at
 * CALENDAR_DAY_COUNT_CAP (its total is "that many or more") says "+N+", as the new-jobs
 * counter says "20+".
 */
export const showMoreCount = (more: number, capped: boolean): string =>
  `+${more}${capped ? "+" : ""}`;

export const CALENDAR_MESSAGES = {
  badDate: "Use a date written YYYY-MM-DD.",
  endBeforeStart: "The end date must be on or after the start date.",
  tooLong: `The calendar shows at most ${CALENDAR_MAX_DAYS} days at a time. Choose a shorter range.`,
} as const;

export interface LocalDay {
  year: number;
  month: number;
  day: number;
}

const DAY_MS = 86_400_000;

/** "2026-11-03" (or an ISO date-time, whose date part counts) → a real calendar day, else null. */
export function parseDay(value: unknown): LocalDay | null {
  if (typeof value !== "string") return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/.exec(value.trim());
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < 1900 || year > 2999) return null;
  const t = new Date(Date.UTC(year, month - 1, day));
  if (t.getUTCFullYear() !== year || t.getUTCMonth() !== month - 1 || t.getUTCDate() !== day)
    return null;
  return { year, month, day };
}

export const dayText = (d: LocalDay): string =>
  `${String(d.year).padStart(4, "0")}-${String(d.month).padStart(2, "0")}-${String(d.day).padStart(2, "0")}`;

const dayNumber = (d: LocalDay) => Date.UTC(d.year, d.month - 1, d.day) / DAY_MS;

/** Days from `from` to `to` (0 for the same day). */
export const daysBetween = (from: LocalDay, to: LocalDay): number =>
  dayNumber(to) - dayNumber(from);

export function addDaysTo(d: LocalDay, days: number): LocalDay {
  const t = new Date(Date.UTC(d.year, d.month - 1, d.day + days));
  return { year: t.getUTCFullYear(), month: t.getUTCMonth() + 1, day: t.getUTCDate() };
}

export type RangeResult =
  | { ok: true; start: LocalDay; end: LocalDay; days: number }
  | { ok: false; field: "startDate" | "endDate"; message: string };

/**
 * The days a calendar request covers, both ends included. Both dates missing: the month of
 * `today` (spec §9). Only one given: the other end is that month's edge, so
 * "startDate=2026-11-10" reads the rest of November and "endDate=2026-11-10" its first ten days.
 */
export function calendarRange(startDate: unknown, endDate: unknown, today: LocalDay): RangeResult {
  const blank = (v: unknown) => v === undefined || v === null || v === "";
  const start = blank(startDate) ? null : parseDay(startDate);
  const end = blank(endDate) ? null : parseDay(endDate);
  if (!blank(startDate) && !start)
    return { ok: false, field: "startDate", message: CALENDAR_MESSAGES.badDate };
  if (!blank(endDate) && !end)
    return { ok: false, field: "endDate", message: CALENDAR_MESSAGES.badDate };
  const anchor = start ?? end ?? today;
  const from = start ?? { year: anchor.year, month: anchor.month, day: 1 };
  const to = end ?? lastOfMonth(from);
  const days = dayNumber(to) - dayNumber(from) + 1;
  if (days < 1) return { ok: false, field: "endDate", message: CALENDAR_MESSAGES.endBeforeStart };
  if (days > CALENDAR_MAX_DAYS)
    return { ok: false, field: "endDate", message: CALENDAR_MESSAGES.tooLong };
  return { ok: true, start: from, end: to, days };
}

export function lastOfMonth(d: LocalDay): LocalDay {
  const t = new Date(Date.UTC(d.year, d.month, 0));
  return { year: d.year, month: d.month, day: t.getUTCDate() };
}

/**
 * The colour key of an event. Draft and Cancelled win over the fill: the job is not (or no
 * longer) being staffed. "none": a shift without positions.
 */
export type CalendarFill = "draft" | "cancelled" | "full" | "partial" | "empty" | "none";

export function calendarFill(status: JobStatus, booked: number, positions: number): CalendarFill {
  if (status === "Cancelled") return "cancelled";
  if (status === "Draft") return "draft";
  if (positions <= 0) return "none";
  if (booked >= positions) return "full";
  return booked > 0 ? "partial" : "empty";
}

/** Words for each fill state: the legend and the screen-reader text (never colour alone). */
export const CALENDAR_FILL_LABEL: Record<CalendarFill, string> = {
  full: "Fully booked",
  partial: "Partly booked",
  empty: "No one booked",
  none: "No positions",
  draft: "Draft",
  cancelled: "Cancelled",
};

/** The event title the calendar draws: a prefix for Draft/Cancelled, then "booked / positions". */
export function calendarEventLabel(e: {
  title: string;
  fill: CalendarFill;
  booked: number;
  positions: number;
}): string {
  const prefix = e.fill === "cancelled" ? "Cancelled: " : e.fill === "draft" ? "Draft: " : "";
  return `${prefix}${e.title} · ${e.booked} / ${e.positions}`;
}

/** The calendar screen's views (react-big-calendar's names); month is the default. */
export const CALENDAR_VIEWS = ["month", "week", "day", "agenda"] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];

/** Days the agenda view lists from its date (react-big-calendar's default length). */
export const AGENDA_DAYS = 30;

/** Day of the week, Monday = 1 … Sunday = 7 (weeks start on Monday). */
const isoWeekday = (d: LocalDay) =>
  ((new Date(Date.UTC(d.year, d.month - 1, d.day)).getUTCDay() + 6) % 7) + 1;

/**
 * The days a view of `date` shows, so the screen fetches exactly those: a month its weeks
 * (Monday on or before the 1st to Sunday on or after the last day: 28, 35 or 42 days; a fixed
 * 6-week grid fetched a week the calendar never drew in most months), a week Monday to
 * Sunday, a day itself, the agenda 30 days from the date.
 */
export function visibleRange(
  view: CalendarView,
  date: LocalDay,
): { start: LocalDay; end: LocalDay } {
  switch (view) {
    case "month": {
      // The weeks react-big-calendar draws: those holding a day of the month (4 to 6).
      const first = { year: date.year, month: date.month, day: 1 };
      // The day before the next month's 1st (Date.UTC carries month 13 into January).
      const lastDay = addDaysTo({ year: date.year, month: date.month + 1, day: 1 }, -1);
      return {
        start: addDaysTo(first, 1 - isoWeekday(first)),
        end: addDaysTo(lastDay, 7 - isoWeekday(lastDay)),
      };
    }
    case "week": {
      const start = addDaysTo(date, 1 - isoWeekday(date));
      return { start, end: addDaysTo(start, 6) };
    }
    case "day":
      return { start: date, end: date };
    case "agenda":
      return { start: date, end: addDaysTo(date, AGENDA_DAYS - 1) };
  }
}
