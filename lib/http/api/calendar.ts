import { CALENDAR_DAY_COUNT_CAP } from "@/lib/domain/calendar";
import type { Endpoint } from "../endpoint";
import { endpoint } from "../endpoint";
import {
  calendarJobs,
  calendarJobsInput,
  calendarShifts,
  calendarShiftsInput,
} from "@/lib/services/calendar";

const SCOPE =
  "The office (job_view) sees every live job, Draft and Cancelled too; a client contact its own " +
  "company's jobs; anyone else (a worker) only the shifts it is booked on; Draft and Cancelled " +
  "jobs only for the office [calendar_access]";

export const getCalendarJobs = endpoint({
  method: "GET",
  path: "/calendar-jobs",
  summary:
    "The job/shift calendar: one event per shift overlapping startDate..endDate (YYYY-MM-DD, both " +
    "included, at most 45 days; no dates: the current month) read in time_zone (default: the " +
    "filtered country's, else the caller's). data: { time_zone, start_date, end_date, from, to, " +
    "total, truncated, events: [{ id, title (job name), start, end (ISO with the job's offset), " +
    "time_zone, shiftID, jobID, job_status, company, country_id, booked, positions, crew, " +
    "shift_slots, fill (full, partial, empty, none, draft, cancelled), href }] }, at most 3,000 " +
    "events. perDay=N (1-20): at most N events a day (by start, then id; what a month cell " +
    `needs), days: { YYYY-MM-DD: how many events that day holds in all, at most ${CALENDAR_DAY_COUNT_CAP} } ` +
    `and days_capped: [the days holding ${CALENDAR_DAY_COUNT_CAP} or more]. Filters: filter[country_id], filter[branches], filter[companies] (comma lists), ` +
    "filter[own]=true, userId (shifts that user is booked on). Bad dates or a longer range: 422. " +
    SCOPE,
  tag: "calendar",
  auth: "user",
  query: calendarJobsInput,
  run: (ctx, { query }) => calendarJobs(ctx, query),
});

export const getCalendarShifts = endpoint({
  method: "GET",
  path: "/calendar/shifts",
  summary:
    "The shifts of one day (date=YYYY-MM-DD) or of startDate..endDate, paged (page, perPage, " +
    "default 50), with the calendar event's fields plus venue, city and slots [{ skill, " +
    'positions, booked }]: the day drill-down behind a month cell\'s "+N more". Same filters ' +
    "and range rules as calendar-jobs. " +
    SCOPE,
  tag: "calendar",
  auth: "user",
  query: calendarShiftsInput,
  paginated: true,
  run: (ctx, { query }) => calendarShifts(ctx, query),
});

export const calendarEndpoints: Endpoint[] = [
  getCalendarJobs as Endpoint,
  getCalendarShifts as Endpoint,
];
