/**
 * The list bench's calls (bench-lists.ts runs them): every list and dashboard call of issue 27
 * with its path, route and caller, dated around the run's `now`.
 */
import { dayText, monthPerDay, visibleRange } from "@/lib/domain/calendar";
import { toLocal } from "@/lib/domain/time";
import { AGENCY_TIME_ZONE } from "@/lib/services/viewer-zone";
import { MAX_OFFSET } from "@/lib/services/pagination";
import { defaultRange } from "@/lib/services/statistics/filter";
import type { RouteHandler } from "@/lib/testing/route-request";

export type Who = "admin" | "worker";
type Loader = () => Promise<{ GET: RouteHandler; POST?: RouteHandler }>;

export interface ListCall {
  name: string;
  /** Path and query under /api/v2. */
  path: string;
  load: Loader;
  who?: Who;
  method?: "GET" | "POST";
  json?: unknown;
  /** The list belongs to another branch of issue 27 (shown beside the line). */
  owner?: string;
  /** Timed and shown, not held to the bars (ListLine.unjudged). */
  unjudged?: boolean;
  /**
   * A keyset page: the page after page `cursorAfter` (whose last row is the offset's bound),
   * read by the cursor that page gives (`cursor=start`). Each side takes its own cursor; a side
   * with fewer pages (the demo) takes its second last page's, so both read a page by cursor.
   */
  cursorAfter?: number;
}

const SPEED = "i27-list-speed";

/** Page N of 10 a page (20 for lists of 20): offset 100,000. */
const DEEP = 100_000;

/** The last row an offset reaches (MAX_OFFSET), as the cursor lines name it: "5,000". */
const BOUND = MAX_OFFSET.toLocaleString("en");

const ymd = (d: Date) => d.toISOString().slice(0, 10);
const dayBefore = (day: string) => ymd(new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000));

/** Each statistics call (GET statistics/<name>), the workers download last. */
export const STATISTICS_CALLS = [
  "jobs",
  "reportedHours",
  "jobs-per-client",
  "users",
  "jobs-by-worker",
  "hours-by-worker",
  "revenue",
  "client-revenue",
  "client-margins",
  "worker-earnings",
  "consolidated-expenses",
  "workers",
] as const;

/**
 * The salary overview's period in a query: the month before last (UTC dates around `now`), the
 * demo seed's paid month. Its last month is left ready for a run, without lines (seed/build/
 * salary.ts): timed there, the demo's overview was an empty page against the scale's full one.
 */
export function paidMonthPeriod(now: Date): string {
  const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 2, 1));
  const to = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 0));
  return `filter%5Bfrom%5D=${ymd(from)}&filter%5Bto%5D=${ymd(to)}`;
}

/** The calls, with dates around `now` (a salary period: the month before last). */
export function listCalls(now: Date): ListCall[] {
  const period = paidMonthPeriod(now);
  const grid = visibleRange("month", toLocal(now, AGENCY_TIME_ZONE));
  const calendarJobs = () => import("@/app/api/v2/calendar-jobs/route");
  const twelve = defaultRange(now);
  const stats = STATISTICS_CALLS;
  const statLoaders: Record<string, Loader> = {
    jobs: () => import("@/app/api/v2/statistics/jobs/route"),
    reportedHours: () => import("@/app/api/v2/statistics/reportedHours/route"),
    "jobs-per-client": () => import("@/app/api/v2/statistics/jobs-per-client/route"),
    users: () => import("@/app/api/v2/statistics/users/route"),
    "jobs-by-worker": () => import("@/app/api/v2/statistics/jobs-by-worker/route"),
    "hours-by-worker": () => import("@/app/api/v2/statistics/hours-by-worker/route"),
    revenue: () => import("@/app/api/v2/statistics/revenue/route"),
    "client-revenue": () => import("@/app/api/v2/statistics/client-revenue/route"),
    "client-margins": () => import("@/app/api/v2/statistics/client-margins/route"),
    "worker-earnings": () => import("@/app/api/v2/statistics/worker-earnings/route"),
    "consolidated-expenses": () => import("@/app/api/v2/statistics/consolidated-expenses/route"),
    workers: () => import("@/app/api/v2/statistics/workers/route"),
  };
  const users = () => import("@/app/api/v2/users/route");
  const applicants = () => import("@/app/api/v2/applicants/route");
  const documents = () => import("@/app/api/v2/documents/route");
  const activity = () => import("@/app/api/v2/activity-log/route");
  const companies = () => import("@/app/api/v2/companies/route");
  const approvals = () => import("@/app/api/v2/approvals/route");
  const salary = () => import("@/app/api/v2/salary/route");
  return [
    { name: "GET jobs", path: "jobs", load: () => import("@/app/api/v2/jobs/route"), owner: SPEED },
    {
      name: "GET my-dashboard/new-jobs",
      path: "my-dashboard/new-jobs",
      load: () => import("@/app/api/v2/my-dashboard/new-jobs/route"),
      who: "worker",
      owner: SPEED,
    },
    {
      name: "GET bookable-users",
      path: "bookable-users?page=1",
      load: () => import("@/app/api/v2/bookable-users/route"),
      owner: SPEED,
    },
    {
      // What the booking dialog asks: the slot's skill first, then who is free for the shift.
      name: "GET bookable-users (booking dialog)",
      path: "bookable-users?prefer_skill={skill}&shiftIds={shift}",
      load: () => import("@/app/api/v2/bookable-users/route"),
    },
    {
      // Only the slot's skill, free for the shift or not (what the HTTP bench asks).
      name: "GET bookable-users (a slot's skill only)",
      path: "bookable-users?skill={skill}&shiftIds={shift}",
      load: () => import("@/app/api/v2/bookable-users/route"),
    },
    {
      // The same with a name typed in the dialog's search ("sen": a fifth of the names on both).
      name: "GET bookable-users (booking dialog, searched)",
      path: "bookable-users?prefer_skill={skill}&shiftIds={shift}&username=sen",
      load: () => import("@/app/api/v2/bookable-users/route"),
    },
    { name: "GET approvals (hours)", path: "approvals", load: approvals, owner: SPEED },
    { name: "GET users", path: "users", load: users },
    { name: "GET users, offset 100,000", path: `users?page=${DEEP / 10 + 1}`, load: users },
    {
      name: `GET users, cursor after row ${BOUND}`,
      path: "users?",
      load: users,
      cursorAfter: MAX_OFFSET / 10,
    },
    { name: "GET applicants", path: "applicants", load: applicants },
    { name: "GET documents", path: "documents", load: documents },
    {
      name: "GET documents, offset 100,000",
      path: `documents?page=${DEEP / 20 + 1}`,
      load: documents,
    },
    {
      // The rows the offset line reaches (its page is clamped to MAX_OFFSET), by cursor.
      name: `GET documents, cursor after row ${BOUND}`,
      path: "documents?",
      load: documents,
      cursorAfter: MAX_OFFSET / 20,
    },
    { name: "GET activity-log", path: "activity-log", load: activity },
    {
      name: "GET activity-log, offset 100,000",
      path: `activity-log?page=${DEEP / 20 + 1}`,
      load: activity,
    },
    {
      name: `GET activity-log, cursor after row ${BOUND}`,
      path: "activity-log?",
      load: activity,
      cursorAfter: MAX_OFFSET / 20,
    },
    { name: "GET companies (clients)", path: "companies", load: companies },
    {
      // What the month view asks: its weeks, monthPerDay events a day.
      name: "GET calendar-jobs (month)",
      path: `calendar-jobs?startDate=${dayText(grid.start)}&endDate=${dayText(grid.end)}&perDay=${monthPerDay(grid)}`,
      load: calendarJobs,
    },
    // The REST call without perDay: every event of this month (at most 3,000), an outside
    // caller's download. Shown, not held to the bars, as in the HTTP bench: its answer grows
    // with the month (57 events on the demo, 3,000 at scale), as a download's does.
    {
      name: "GET calendar-jobs (month, every event)",
      path: "calendar-jobs",
      load: calendarJobs,
      unjudged: true,
    },
    ...stats.map((s) => ({
      name: `GET statistics/${s}`,
      path: `statistics/${s}`,
      load: statLoaders[s],
    })),
    // The per-worker charts and the workers download above answer what the background round
    // stored (the default period); their cost for any other range, computed live, is shown
    // beside them: the default 12 months one day short.
    ...(["jobs-by-worker", "hours-by-worker", "workers"] as const).map((s) => ({
      name: `GET statistics/${s} (custom range, live)`,
      path: `statistics/${s}?start=${twelve.start}&end=${dayBefore(twelve.end)}`,
      load: statLoaders[s],
      unjudged: true,
    })),
    { name: "GET salary (overview)", path: `salary?${period}`, load: salary },
    {
      name: "GET salary (overview), offset 100,000",
      path: `salary?${period}&page=${DEEP / 10 + 1}`,
      load: salary,
    },
    {
      name: `GET salary (overview), cursor after row ${BOUND}`,
      path: `salary?${period}`,
      load: salary,
      cursorAfter: MAX_OFFSET / 10,
    },
  ];
}

export const DEMO_ACCOUNTS: Record<Who, string> = {
  admin: "admin@crewdeck.test",
  worker: "worker@crewdeck.test",
};
