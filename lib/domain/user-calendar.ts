import type { ApplicationStatus, JobStatus } from "./statuses";

/**
 * The user-calendar tab (issue 25): a worker's shifts in one month, in words. Pure: the month
 * in the URL, its neighbours, and what each application status reads as.
 */
export interface Month {
  year: number;
  month: number; // 1-12
}

const MONTH = /^(\d{4})-(\d{2})$/;
export const MIN_YEAR = 2000;
export const MAX_YEAR = 2100;

const pad = (n: number) => String(n).padStart(2, "0");

export const monthKey = (m: Month) => `${m.year}-${pad(m.month)}`;

/**
 * `?month=YYYY-MM`; anything else (missing, malformed, month 13, year 99999) is the month of
 * `today`: a bad query value shows the current month, never an error.
 */
export function parseMonth(raw: unknown, today: Month): Month {
  const value = Array.isArray(raw) ? raw[0] : raw;
  const m = typeof value === "string" ? MONTH.exec(value) : null;
  if (!m) return today;
  const year = Number(m[1]);
  const month = Number(m[2]);
  if (month < 1 || month > 12 || year < MIN_YEAR || year > MAX_YEAR) return today;
  return { year, month };
}

export function addMonths(m: Month, n: number): Month {
  const i = m.year * 12 + (m.month - 1) + n;
  return { year: Math.floor(i / 12), month: (i % 12) + 1 };
}

export const daysInMonth = (m: Month) => new Date(Date.UTC(m.year, m.month, 0)).getUTCDate();

/** "November 2026". */
export const monthLabel = (m: Month) =>
  new Date(Date.UTC(m.year, m.month - 1, 1)).toLocaleDateString("en-GB", {
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });

/** What the tab shows of an application: booked (a place held or worked), requested, applied. */
/** "Tuesday 3 November" for a YYYY-MM-DD date (a calendar date, no zone involved). */
export const dayLabel = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString("en-GB", {
    weekday: "long",
    day: "numeric",
    month: "long",
    timeZone: "UTC",
  });

export type CalendarKind = "booked" | "requested" | "applied";

const KIND: Partial<Record<ApplicationStatus, CalendarKind>> = {
  Booked: "booked",
  "Request accepted": "booked",
  "Report!": "booked",
  Reported: "booked",
  Approved: "booked",
  Requested: "requested",
  Applied: "applied",
  Reserve: "applied",
};

/** The statuses the tab shows; a denied application is not on the calendar. */
export const CALENDAR_STATUSES = Object.keys(KIND) as ApplicationStatus[];

export const calendarKind = (status: ApplicationStatus): CalendarKind | null =>
  KIND[status] ?? null;

/** The words beside each shift (never colour alone). A cancelled job says so first. */
export function calendarStatusLabel(status: ApplicationStatus, jobStatus: JobStatus): string {
  if (jobStatus === "Cancelled") return "Job cancelled";
  switch (calendarKind(status)) {
    case "booked":
      return status === "Request accepted" ? "Booked (request accepted)" : "Booked";
    case "requested":
      return "Requested";
    case "applied":
      return status === "Reserve" ? "Applied (reserve)" : "Applied";
    default:
      return status;
  }
}
