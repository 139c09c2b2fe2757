import { endpoint } from "../endpoint";
import { createJob } from "@/lib/services/jobs/create";
import { jobsListInput, listJobs } from "@/lib/services/jobs/list";
import { createJobInput } from "@/lib/services/jobs/schemas";
import { fetchJobForView } from "@/lib/services/jobs/view";

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

export const jobEndpoints = [getJobs, postJob, getJobForView];
