import { endpoint } from "../endpoint";
import { createJob } from "@/lib/services/jobs/create";
import { jobsListInput, listJobs } from "@/lib/services/jobs/list";
import { createJobInput, editJobInput } from "@/lib/services/jobs/schemas";
import { updateJob } from "@/lib/services/jobs/edit";
import { getJobForEdit } from "@/lib/services/jobs/edit-form";
import { fetchJobForView } from "@/lib/services/jobs/view";
import { clientsWithJobs, countriesWithJobs } from "@/lib/services/jobs/filters";
import {
  changeJobReason,
  changeJobStatus,
  changeReasonInput,
  deleteJob,
  statusChangeInput,
} from "@/lib/services/jobs/status";

export const getJobs = endpoint({
  method: "GET",
  path: "/jobs",
  summary: "Jobs in the user's scope: upcoming (default) or past, filtered and paged (10)",
  tag: "jobs",
  auth: "user",
  query: jobsListInput,
  paginated: true,
  run: (ctx, { query }) => listJobs(ctx, query),
});

export const postJob = endpoint({
  method: "POST",
  path: "/jobs",
  summary: "Create a job with its shifts and slots (no shifts: 422 shifts_invalid)",
  tag: "jobs",
  auth: "user",
  body: createJobInput,
  status: 201,
  run: (ctx, { body }) => createJob(ctx, body),
});

export const getJobForView = endpoint({
  method: "GET",
  path: "/jobs/fetchJobForView",
  summary: "One job with its shifts, slots and fill figures (id)",
  tag: "jobs",
  auth: "user",
  run: (ctx, { query }) => fetchJobForView(ctx, query.id),
});

export const getClientsWithJobs = endpoint({
  method: "GET",
  path: "/clientswithjobs",
  summary: "Companies that have jobs the user can see (filter options)",
  tag: "jobs",
  auth: "user",
  run: (ctx) => clientsWithJobs(ctx),
});

export const getCountriesWithJobs = endpoint({
  method: "GET",
  path: "/countrieswithjobs",
  summary: "Countries of the jobs the user can see (filter options)",
  tag: "jobs",
  auth: "user",
  run: (ctx) => countriesWithJobs(ctx),
});

export const deleteJobEndpoint = endpoint<{ id: string }>({
  method: "DELETE",
  path: "/jobs/{id}",
  summary: "Delete a job; one with applications is archived instead",
  tag: "jobs",
  auth: "user",
  run: (ctx, { params }) => deleteJob(ctx, params.id),
});

export const postJobStatus = endpoint<{ id: string; status: string }>({
  method: "POST",
  path: "/jobs/{id}/status/{status}",
  summary:
    "Change a job's status (status as written in the spec or its slug); Cancelled needs a reason; Approved → Invoiced needs invoice_reference (given or already on the job; 422) and every booked place approved or removed (409 places_not_approved); reopening (Invoiced → Approved, Paid → Invoiced) needs a reason (422), kept in the activity log",
  tag: "jobs",
  auth: "user",
  body: statusChangeInput,
  run: (ctx, { params, body }) => changeJobStatus(ctx, params.id, params.status, body),
});

export const postJobReason = endpoint<{ id: string }>({
  method: "POST",
  path: "/jobs/{id}/change-reason",
  summary: "Change the reason shown on a job",
  tag: "jobs",
  auth: "user",
  body: changeReasonInput,
  run: (ctx, { params, body }) => changeJobReason(ctx, params.id, body),
});

export const getJobShifts = endpoint<{ id: string }>({
  method: "GET",
  path: "/jobs/{id}/shifts",
  summary: "A job's shifts with their slots and fill figures",
  tag: "jobs",
  auth: "user",
  run: async (ctx, { params }) => (await fetchJobForView(ctx, params.id)).shifts,
});

export const getJobEdit = endpoint({
  method: "GET",
  path: "/jobs/edit",
  summary: "A job's fields and live shifts as the editor starts from them (id)",
  tag: "jobs",
  auth: "user",
  run: (ctx, { query }) => getJobForEdit(ctx, query.id),
});

export const putJob = endpoint<{ id: string }>({
  method: "PUT",
  path: "/jobs/{id}",
  summary:
    "Save the job's fields and shift edits; removing booked shifts needs cancel_bookings (410 first)",
  tag: "jobs",
  auth: "user",
  body: editJobInput,
  run: (ctx, { params, body }) => updateJob(ctx, params.id, body),
});

export const jobEndpoints = [
  getJobEdit,
  putJob,
  getJobs,
  postJob,
  getJobForView,
  getClientsWithJobs,
  getCountriesWithJobs,
  deleteJobEndpoint,
  postJobStatus,
  postJobReason,
  getJobShifts,
];
