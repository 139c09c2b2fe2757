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

/**
 * Invoicing (issue 24): Approved → Invoiced needs the invoice reference and every booked
 * place approved or removed; going back from the invoice (Invoiced → Approved, Paid →
 * Invoiced) is a reopening, which needs a reason and is logged with it. So a change to or
 * from Invoiced or Paid is never undone in one click: only by reopening with a reason.
 */
export const needsInvoiceReference = (from: JobStatus, to: JobStatus): boolean =>
  from === "Approved" && to === "Invoiced";

export const isReopening = (from: JobStatus, to: JobStatus): boolean =>
  (from === "Invoiced" && to === "Approved") || (from === "Paid" && to === "Invoiced");

/** Whether a change may be undone from its toast (the reverse is allowed and needs nothing). */
export const undoableChange = (from: JobStatus, to: JobStatus): boolean =>
  canChangeStatus(to, from) && !isReopening(to, from) && !needsInvoiceReference(to, from);

export const INVOICE_MESSAGES = {
  referenceRequired: "Please give the invoice reference.",
  reopenReasonRequired: "Please give a reason for reopening the job.",
} as const;

/** The 409 of invoicing a job whose booked places are not all approved (n > 0). */
export const placesNotApprovedText = (n: number): string =>
  `${n} booked ${n === 1 ? "place is" : "places are"} not approved yet. Approve ${
    n === 1 ? "its" : "their"
  } hours or remove ${n === 1 ? "it" : "them"} before invoicing the job.`;

/** The activity log's sentence for a status change. */
export function statusChangeSentence(
  jobName: string,
  from: JobStatus,
  to: JobStatus,
  extra: { reason?: string | null; invoiceReference?: string | null } = {},
): string {
  if (isReopening(from, to))
    return `Reopened ${jobName} from ${from} back to ${to}. Reason: ${extra.reason ?? ""}`;
  if (to === "Invoiced")
    return `Marked ${jobName} as Invoiced with invoice reference ${extra.invoiceReference ?? ""}`;
  if (to === "Paid") return `Marked ${jobName} as Paid`;
  return `Changed status of ${jobName} from ${from} to ${to}`;
}
