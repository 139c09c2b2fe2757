import { endpoint, type Endpoint } from "../endpoint";
import { approvalsInboxInput, listApprovalInbox } from "@/lib/services/approvals";
import {
  approveApplication,
  approveMatching,
  approveMatchingInput,
  approveMatchingPreviewInput,
  previewApproveMatching,
  undoApproveMatching,
  undoApproveMatchingInput,
  deleteReportedHours,
  disapproveApplication,
  hoursDecisionInput,
  reportHours,
  reportHoursInput,
  updateHoursInput,
  updateReportedHours,
} from "@/lib/services/hours";

export const postReportedHours = endpoint({
  method: "POST",
  path: "/reported-hours",
  summary:
    "Report the hours of a finished shift (application_id, start, end as HH:mm or DD/MM/YYYY HH:mm in the job's zone, i_was_late 0|1, comment); an end before the start is the next day. Hours more than 2 h off the plan, or a day shift ending the next day, answer 410 hours_unusual with details.difference; repeat with confirm_unusual: 1 to save",
  tag: "hours",
  auth: "user",
  body: reportHoursInput,
  status: 201,
  run: (ctx, { body }) => reportHours(ctx, body),
});

export const putReportedHours = endpoint<{ id: string }>({
  method: "PUT",
  path: "/reported-hours/{id}",
  summary:
    "Correct reported hours (start, end, i_was_late, comment; omitted fields are kept). Approved hours only by a booker or approver. The comment is the caller's own: the office's is kept beside the worker's. New times far from the plan answer 410 hours_unusual unless confirm_unusual: 1",
  tag: "hours",
  auth: "user",
  body: updateHoursInput,
  run: (ctx, { params, body }) => updateReportedHours(ctx, params.id, body),
});

export const deleteReportedHoursEndpoint = endpoint<{ id: string }>({
  method: "DELETE",
  path: "/reported-hours/{id}",
  summary: "Delete reported hours; the application returns to Report!",
  tag: "hours",
  auth: "user",
  run: (ctx, { params }) => deleteReportedHours(ctx, params.id),
});

export const postApprove = endpoint<{ id: string }>({
  method: "POST",
  path: "/applications/{id}/approve",
  summary:
    "Approve an application's hours (Reported → Approved; Report! → Approved approves the planned times); an optional comment goes to the worker in the e-mail about it",
  tag: "hours",
  auth: "user",
  body: hoursDecisionInput,
  run: (ctx, { params, body }) => approveApplication(ctx, params.id, body),
});

export const postDisapprove = endpoint<{ id: string }>({
  method: "POST",
  path: "/applications/{id}/disapprove",
  summary:
    "Take an approval back: Reported when hours were reported, otherwise Report!; an optional comment goes to the worker in the e-mail about it",
  tag: "hours",
  auth: "user",
  body: hoursDecisionInput,
  run: (ctx, { params, body }) => disapproveApplication(ctx, params.id, body),
});

export const getApprovals = endpoint({
  method: "GET",
  path: "/approvals",
  summary:
    "The approvals inbox, by type. type=hours (default): hours to approve, filter[status] awaiting (default) | missing | approved, filter[job_id], filter[company_id], filter[from], filter[to] (DD/MM/YYYY, shift start); newest shift first. type=documents: pending documents, the longest waiting first, filter[search]. type=venues: venues awaiting approval (private), filter[search]. Documents and venues are the agency's: a client contact gets 403",
  tag: "hours",
  auth: "user",
  query: approvalsInboxInput,
  paginated: true,
  run: (ctx, { query }) => listApprovalInbox(ctx, query),
});

export const getApproveMatching = endpoint({
  method: "GET",
  path: "/approvals/approve-matching",
  summary:
    "What POST approvals/approve-matching would do, writing nothing: how many reports (application_ids) and hours it approves under its rule (start and end each within 15 minutes of the plan, and a check-in), the reports that match but have no check-in (listed apart, not approved by it) and how many differ; same filters",
  tag: "hours",
  auth: "user",
  query: approveMatchingPreviewInput,
  run: (ctx, { query }) => previewApproveMatching(ctx, query),
});

export const postApproveMatching = endpoint({
  method: "POST",
  path: "/approvals/approve-matching",
  summary:
    "Approve every awaiting report whose start and end are each within 15 minutes of the planned shift and whose worker checked in, in the caller's scope and the list's filters (filter[job_id], filter[company_id], filter[from], filter[to]); application_ids (optional, from the GET) limits it to the reports the caller was shown; the others are left for a look. The answer's undo_activity_id undoes it (POST approvals/approve-matching/undo)",
  tag: "hours",
  auth: "user",
  body: approveMatchingInput,
  run: (ctx, { body }) => approveMatching(ctx, body),
});

export const postUndoApproveMatching = endpoint({
  method: "POST",
  path: "/approvals/approve-matching/undo",
  summary:
    "Undo one's own approve-matching (activity_id = its undo_activity_id) within 10 minutes: every report it approved awaits approval again, or none does (409 when one changed since)",
  tag: "hours",
  auth: "user",
  body: undoApproveMatchingInput,
  run: (ctx, { body }) => undoApproveMatching(ctx, body),
});

/** Reported hours and approvals (spec §7 Hours). */
export const hoursEndpoints: Endpoint[] = [
  postReportedHours,
  putReportedHours as Endpoint,
  deleteReportedHoursEndpoint as Endpoint,
  postApprove as Endpoint,
  postDisapprove as Endpoint,
  getApprovals,
  getApproveMatching,
  postApproveMatching,
  postUndoApproveMatching,
];
