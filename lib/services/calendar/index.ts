import { z } from "zod";
import {
  CALENDAR_DAY_COUNT_CAP,
  CALENDAR_PER_DAY_MAX,
  calendarFill,
  dayText,
  type CalendarFill,
} from "@/lib/domain/calendar";
import type { JobStatus } from "@/lib/domain/statuses";
import { isoInZone } from "@/lib/domain/time";
import type { Ctx } from "../context";
import { offsetOf, pageInput, pageMeta, type Page } from "../pagination";
import { parseInput } from "../validate";
import { calendarInput, parseCalendar, type CalendarViewer } from "./parse";
import { calendarRows, type CalendarRow, type CalendarRows } from "./query";

export { calendarInput, calendarViewer, type CalendarViewer } from "./parse";

/** More events than this in one range are cut (a month view of a busy agency is ~2,000). */
export const CALENDAR_MAX_EVENTS = 3000;

/** One shift on the calendar (spec §3 "Calendar event" plus what the screen draws). */
export interface CalendarEvent {
  /** The shift's id (spec: id and shiftID are the same shift). */
  id: number;
  title: string;
  /** ISO 8601 instants with the offset of the job's time zone. */
  start: string;
  end: string;
  time_zone: string;
  shiftID: number;
  jobID: number;
  job_status: JobStatus;
  company: { id: number; name: string };
  country_id: number;
  /** Filled places (Booked … Approved) on the shift's live slots, and their positions. */
  booked: number;
  positions: number;
  /** The spec's names for the same two figures. */
  crew: number;
  shift_slots: number;
  fill: CalendarFill;
  /** Where a click on the event takes this caller. */
  href: string;
}

export interface CalendarRange {
  /** The zone the days are read in, and the days (YYYY-MM-DD, both included). */
  time_zone: string;
  start_date: string;
  end_date: string;
  /** The instants the range covers: [from, to). */
  from: string;
  to: string;
  total: number;
  /** More than CALENDAR_MAX_EVENTS shifts matched: the rest were left out. */
  truncated: boolean;
}

export interface CalendarJobs extends CalendarRange {
  events: CalendarEvent[];
  /**
   * Only with perDay: each visible day that holds events → how many it holds in all (a shift
   * counts on every day it overlaps); `events` then carries the first perDay of each day.
   */
  days?: Record<string, number>;
  /**
   * Only with perDay: the days holding CALENDAR_DAY_COUNT_CAP events or more, whose count in
   * `days` is the cap ("99 or more"); `total` then counts the shifts of the days as counted.
   */
  days_capped?: string[];
}

export const calendarJobsInput = calendarInput.extend({
  perDay: z.coerce
    .number({ error: `perDay must be a whole number from 1 to ${CALENDAR_PER_DAY_MAX}.` })
    .int(`perDay must be a whole number from 1 to ${CALENDAR_PER_DAY_MAX}.`)
    .min(1, `perDay must be a whole number from 1 to ${CALENDAR_PER_DAY_MAX}.`)
    .max(CALENDAR_PER_DAY_MAX, `perDay must be a whole number from 1 to ${CALENDAR_PER_DAY_MAX}.`)
    .optional()
    .describe(
      `At most this many events a day (1-${CALENDAR_PER_DAY_MAX}, soonest first); the answer ` +
        `then carries days: { YYYY-MM-DD: how many in all, at most ${CALENDAR_DAY_COUNT_CAP} } ` +
        `and days_capped: [the days holding ${CALENDAR_DAY_COUNT_CAP} or more]`,
    ),
});

const asDate = (v: Date | string) => (v instanceof Date ? v : new Date(v));

function hrefFor(viewer: CalendarViewer, r: CalendarRow, now: Date): string {
  if (viewer.kind !== "worker") return `/jobs/${r.job_id}/shifts`;
  return r.ends_at * 1000 > now.getTime() ? "/my-dashboard/my" : "/my-dashboard/past";
}

function toEvent(viewer: CalendarViewer, r: CalendarRow, now: Date): CalendarEvent {
  return {
    id: r.id!,
    title: r.name,
    start: isoInZone(new Date(r.starts_at * 1000), r.time_zone),
    end: isoInZone(new Date(r.ends_at * 1000), r.time_zone),
    time_zone: r.time_zone,
    shiftID: r.id!,
    jobID: r.job_id,
    job_status: r.status,
    company: { id: r.company_id, name: r.company_name },
    country_id: r.country_id,
    booked: r.booked,
    positions: r.positions,
    crew: r.booked,
    shift_slots: r.positions,
    fill: calendarFill(r.status, r.booked, r.positions),
    href: hrefFor(viewer, r, now),
  };
}

function rangeOf(rows: CalendarRows, p: ReturnType<typeof parseCalendar>): CalendarRange {
  const tz = rows.range_tz;
  return {
    time_zone: tz,
    start_date: dayText(p.start),
    end_date: dayText(p.end),
    from: isoInZone(asDate(rows.from_at), tz),
    to: isoInZone(asDate(rows.to_at), tz),
    total: rows.total,
    truncated: rows.total > rows.events.length && rows.events.length > 0,
  };
}

/**
 * GET calendar-jobs: every shift overlapping the range that the caller may see, soonest
 * first (with perDay, the first perDay of each day and each day's count) — the office all live jobs (Draft and Cancelled too), a client contact its company's,
 * a worker only shifts it is booked on (never Draft or Cancelled jobs). One SQL query.
 */
export async function calendarJobs(ctx: Ctx, raw: unknown): Promise<CalendarJobs> {
  const p = parseCalendar(ctx, raw);
  const { perDay } = parseInput(calendarJobsInput, raw ?? {});
  const rows = await calendarRows(ctx, p, { limit: CALENDAR_MAX_EVENTS, perDay });
  const events = rows.events.map((r) => toEvent(p.viewer, r, ctx.now));
  if (perDay === undefined) return { ...rangeOf(rows, p), events };
  // At most 45 days × 20 events: never near CALENDAR_MAX_EVENTS, so nothing is cut but what perDay cuts.
  return {
    ...rangeOf(rows, p),
    truncated: false,
    events,
    days: rows.days ?? {},
    days_capped: rows.days_capped ?? [],
  };
}

export const calendarShiftsInput = calendarInput.extend(pageInput(50).shape).extend({
  date: z
    .string({ error: "Use a date written YYYY-MM-DD." })
    .max(40, "Use a date written YYYY-MM-DD.")
    .optional()
    .describe("One day (YYYY-MM-DD): the same as startDate = endDate = date"),
});

export interface CalendarShift extends CalendarEvent {
  venue: string | null;
  city: string | null;
  slots: { skill: string; positions: number; booked: number }[];
}

/**
 * GET calendar/shifts: the shifts of one day (date) or a range, paged, each with its slots
 * (skill, positions, booked) — the "+N more" and day drill-down. Same scope and filters as
 * calendar-jobs. One SQL query (the total rides along as a window count).
 */
export async function calendarShifts(ctx: Ctx, raw: unknown): Promise<Page<CalendarShift>> {
  const input = parseInput(calendarShiftsInput, raw ?? {});
  const { page, perPage, date, ...rest } = input;
  const p = parseCalendar(ctx, {
    ...rest,
    startDate: date ?? rest.startDate,
    endDate: date ?? rest.endDate,
  });
  const rows = await calendarRows(ctx, p, {
    limit: perPage,
    offset: offsetOf(page, perPage),
    slots: true,
  });
  const items = rows.events.map((r): CalendarShift => ({
    ...toEvent(p.viewer, r, ctx.now),
    venue: r.venue_name ?? null,
    city: r.city ?? null,
    slots: r.slots ?? [],
  }));
  // Past the last page the window count is gone with the rows: the total is then unknown here,
  // so the meta says the page is empty (total of the last page we saw is not available).
  return { items, meta: pageMeta(page, perPage, rows.total) };
}
