import type { JobStatus } from "./statuses";

/**
 * Job status changes a person may make by hand. Report!, Reported and Approved follow the
 * applications' hours (set by the booking and hours verbs), so they are not offered here.
 */
export const MANUAL_TRANSITIONS: Record<JobStatus, JobStatus[]> = {
  Draft: ["Published", "Cancelled"],
  Published: ["Draft", "Cancelled"],
  Cancelled: ["Published"],
  "Report!": ["Cancelled"],
  Reported: ["Cancelled"],
  Approved: ["Invoiced"],
  Invoiced: ["Paid", "Approved"],
  Paid: ["Invoiced"],
};

export const canChangeStatus = (from: JobStatus, to: JobStatus): boolean =>
  MANUAL_TRANSITIONS[from].includes(to);

/** Going back to these takes the job away from its crew: the screen asks first. */
export const ASKS_ABOUT_CREW: readonly JobStatus[] = ["Draft", "Cancelled"];

/** "3 people are booked on this job" (the count comes from the server). */
export const bookedCrewText = (n: number): string =>
  `${n} ${n === 1 ? "person is" : "people are"} booked on this job`;
