import { toastName } from "./done";
import { APPLICATION_STATUSES, type ApplicationStatus, type JobStatus } from "./statuses";

/**
 * Who moves an application (spec §4): the worker it belongs to, a booker (or a client contact
 * requesting workers), the hours verbs (report, delete report, approve, disapprove), or the
 * system when the shift has ended.
 */
export type TransitionBy = "worker" | "booker" | "hours" | "system";

type Table = Record<ApplicationStatus, Partial<Record<ApplicationStatus, TransitionBy[]>>>;

/**
 * The one table of application status changes. Every verb asks `transitionError` before it
 * writes a status; a change that is not here is refused with a 409 naming what is allowed.
 */
export const APPLICATION_TRANSITIONS: Table = {
  Applied: {
    Reserve: ["booker"],
    Requested: ["booker"],
    Booked: ["booker"],
    Denied: ["worker", "booker"],
  },
  Reserve: {
    Requested: ["booker"],
    Booked: ["booker"],
    Denied: ["worker", "booker"],
  },
  Requested: {
    "Request accepted": ["worker"],
    "Request denied": ["worker"],
    Booked: ["booker"],
    Reserve: ["booker"],
    Denied: ["booker"],
  },
  "Request denied": {
    Requested: ["booker"],
    Booked: ["booker"],
    Reserve: ["booker"],
    Denied: ["booker"],
  },
  "Request accepted": {
    Booked: ["booker"],
    Reserve: ["booker"],
    Denied: ["booker"],
    "Report!": ["system"],
  },
  Denied: {
    Applied: ["worker"],
    Reserve: ["booker"],
    Requested: ["booker"],
    Booked: ["booker"],
  },
  Booked: {
    Reserve: ["booker"],
    Denied: ["booker"],
    "Report!": ["system"],
  },
  "Report!": {
    Reported: ["hours"],
    // Approving a finished shift nobody reported hours for approves its planned times.
    Approved: ["hours"],
  },
  Reported: {
    "Report!": ["hours"],
    Approved: ["hours"],
  },
  Approved: {
    Reported: ["hours"],
    "Report!": ["hours"],
  },
};

export function allowedTransitions(
  from: ApplicationStatus,
  by?: TransitionBy,
): ApplicationStatus[] {
  const row = APPLICATION_TRANSITIONS[from];
  return APPLICATION_STATUSES.filter((to) => {
    const who = row[to];
    return who !== undefined && (by === undefined || who.includes(by));
  });
}

export function canTransition(
  from: ApplicationStatus,
  to: ApplicationStatus,
  by: TransitionBy,
): boolean {
  return APPLICATION_TRANSITIONS[from][to]?.includes(by) ?? false;
}

/** The 409 message for a refused change, or null when the change is allowed. */
export function transitionError(
  from: ApplicationStatus,
  to: ApplicationStatus,
  by: TransitionBy,
): string | null {
  if (canTransition(from, to, by)) return null;
  const allowed = allowedTransitions(from, by);
  return `An application that is ${from} cannot be set to ${to}. Allowed: ${
    allowed.length ? allowed.join(", ") : "none"
  }.`;
}

/** Statuses a booker may give when booking (spec §4: supplied by the caller). */
export const BOOKING_STATUSES = [
  "Booked",
  "Reserve",
  "Requested",
] as const satisfies readonly ApplicationStatus[];

/** Statuses in which the worker's hours are due, reported or approved. */
export const HOURS_STATUSES = [
  "Report!",
  "Reported",
  "Approved",
] as const satisfies readonly ApplicationStatus[];

/** Statuses a worker holds a place with before the shift ends. */
export const BOOKED_STATUSES = [
  "Booked",
  "Request accepted",
] as const satisfies readonly ApplicationStatus[];

/** When a shift has ended, what its application becomes (Booked → Report!). */
export function statusAfterShiftEnded(status: ApplicationStatus): ApplicationStatus {
  return status === "Booked" || status === "Request accepted" ? "Report!" : status;
}

/**
 * The status an application reads as at `now`: a held place whose shift has ended is due its
 * hours (Report!) even before the background sweep has written that down, so no read has to
 * write (DESIGN.md §9: a GET never writes).
 */
export function statusAsOf(status: ApplicationStatus, endsAt: Date, now: Date): ApplicationStatus {
  return endsAt.getTime() <= now.getTime() ? statusAfterShiftEnded(status) : status;
}

/** What disapproving makes of an application (spec §4). */
export const statusAfterDisapproval = (hasHours: boolean): ApplicationStatus =>
  hasHours ? "Reported" : "Report!";

/** Job statuses that follow the applications' hours; others are set by hand only. */
const FOLLOWING: readonly JobStatus[] = ["Published", "Report!", "Reported", "Approved"];

/**
 * The job status its applications' hours give it (spec §4): while any finished shift waits for
 * hours it is Report!, then Reported until every report is approved, then Approved once every
 * shift has ended and all hours are approved. Draft, Cancelled, Invoiced and Paid are left alone.
 */
export function aggregateJobStatus(
  current: JobStatus,
  counts: Partial<Record<ApplicationStatus, number>>,
  allShiftsEnded: boolean,
): JobStatus {
  if (!FOLLOWING.includes(current)) return current;
  const n = (s: ApplicationStatus) => counts[s] ?? 0;
  if (n("Report!") > 0) return "Report!";
  if (n("Reported") > 0) return "Reported";
  if (n("Approved") > 0 && allShiftsEnded && n("Booked") + n("Request accepted") === 0)
    return "Approved";
  return "Published";
}

/** What a booker's change of status did to the worker, as a toast says it. */
const STATUS_DONE: Partial<Record<ApplicationStatus, string>> = {
  Booked: "booked on",
  Reserve: "put on reserve for",
  Requested: "requested for",
  Denied: "turned down for",
  Applied: "back among the applicants of",
};

/**
 * What a change of an application's status did, naming whom and where ("Ida Pedersen booked
 * on Roskilde · Sat 27/06"): the spec's "Application added successfully" is about
 * applications, and a planner booking twenty people needs to see which one went through.
 * `days` are the shifts' days ("Sat 27/06"); more than one reads "2 shifts".
 */
export function statusMessage(
  worker: string,
  status: ApplicationStatus,
  job: string,
  days: string[],
): string {
  const what = STATUS_DONE[status] ?? `set to ${status} on`;
  const when = days.length > 1 ? `${days.length} shifts` : days[0];
  return `${toastName(worker)} ${what} ${toastName(job)}${when ? ` · ${when}` : ""}`;
}

/** The Book dialog's message: see `statusMessage`. */
export const bookedMessage = (
  worker: string,
  status: "Booked" | "Reserve" | "Requested",
  job: string,
  days: string[],
): string => statusMessage(worker, status, job, days);

/**
 * The toasts of applications, in one place for every screen and answer: the worker's own
 * answers as spec §8 quotes them; what a booker does names whom and where (issue 23).
 */
export const APPLICATION_MESSAGES = {
  applied: "Succesfully applied",
  unapplied: "Unapplied for shift",
  requestAccepted: "Request accepted",
  requestDeclined: "Request declined",
  /** "Ida Pedersen moved to Sat 27/06 · Stagehand". */
  moved: (worker: string, day: string, skill: string) =>
    `${toastName(worker)} moved to ${day} · ${skill}`,
  /** "Ida Pedersen removed from Roskilde". */
  deleted: (worker: string, job: string) => `${toastName(worker)} removed from ${toastName(job)}`,
  /** An undone removal: "Ida Pedersen back on Roskilde · Sat 27/06". */
  restored: (worker: string, job: string, day: string) =>
    `${toastName(worker)} back on ${toastName(job)} · ${day}`,
  updated: statusMessage,
} as const;
