import { endpoint, type Endpoint } from "../endpoint";
import {
  approvalsListInput,
  approveApplication,
  deleteReportedHours,
  disapproveApplication,
  listApprovals,
  reportHours,
  reportHoursInput,
  updateHoursInput,
  updateReportedHours,
} from "@/lib/services/hours";

export const postReportedHours = endpoint({
  method: "POST",
  path: "/reported-hours",
  summary:
    "Report the hours of a finished shift (application_id, start, end as HH:mm or DD/MM/YYYY HH:mm in the job's zone, i_was_late 0|1, comment); an end before the start is the next day",
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
    "Correct reported hours (start, end, i_was_late, comment; omitted fields are kept). Approved hours only by a booker or approver",
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
    "Approve an application's hours (Reported → Approved; Report! → Approved approves the planned times)",
  tag: "hours",
  auth: "user",
  run: (ctx, { params }) => approveApplication(ctx, params.id),
});

export const postDisapprove = endpoint<{ id: string }>({
  method: "POST",
  path: "/applications/{id}/disapprove",
  summary: "Take an approval back: Reported when hours were reported, otherwise Report!",
  tag: "hours",
  auth: "user",
  run: (ctx, { params }) => disapproveApplication(ctx, params.id),
});

export const getApprovals = endpoint({
  method: "GET",
  path: "/approvals",
  summary:
    "Hours to approve: filter[status] awaiting (default) | missing | approved, filter[job_id], filter[company_id], filter[from], filter[to] (DD/MM/YYYY, shift start); newest shift first",
  tag: "hours",
  auth: "user",
  query: approvalsListInput,
  paginated: true,
  run: (ctx, { query }) => listApprovals(ctx, query),
});

/** Reported hours and approvals (spec §7 Hours). */
export const hoursEndpoints: Endpoint[] = [
  postReportedHours,
  putReportedHours as Endpoint,
  deleteReportedHoursEndpoint as Endpoint,
  postApprove as Endpoint,
  postDisapprove as Endpoint,
  getApprovals,
];
