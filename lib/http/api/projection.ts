import type { Endpoint } from "../endpoint";
import { endpoint } from "../endpoint";
import { jobProjection } from "@/lib/services/jobs/projection";

export const getJobProjection = endpoint<{ id: string }>({
  method: "GET",
  path: "/jobs/{id}/projection",
  summary:
    "A job's projection in its currency (minor units): per live shift and in total, planned (positions × shift hours), booked, reported and approved hours with revenue, worker cost and margin; additional costs; margin and margin % after them; missing rates named and counted at 0 [can_view_job_projection; never a client contact or a worker]",
  tag: "jobs",
  auth: "user",
  run: (ctx, { params }) => jobProjection(ctx, params.id),
});

export const projectionEndpoints: Endpoint[] = [getJobProjection] as Endpoint[];
