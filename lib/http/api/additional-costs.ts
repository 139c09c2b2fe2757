import type { Endpoint } from "../endpoint";
import { endpoint } from "../endpoint";
import { listAdditionalCosts } from "@/lib/services/jobs/additional-costs";
import {
  deleteAdditionalCost,
  saveAdditionalCost,
  saveAdditionalCostInput,
} from "@/lib/services/jobs/additional-costs-write";

// GET and DELETE share the path shape jobs/additional-costs/{…} (spec §7): the GET names a
// job, the DELETE a cost. One route folder holds both, so both call the parameter {id}.
export const getAdditionalCosts = endpoint<{ id: string }>({
  method: "GET",
  path: "/jobs/additional-costs/{id}",
  summary:
    "A job's additional costs ({id} = the job id): items (category, equipment_category, note, quantity, amount and total in minor units) and totals per category and overall, in the job's currency [can_view_additional_costs; never a client contact]",
  tag: "jobs",
  auth: "user",
  run: (ctx, { params }) => listAdditionalCosts(ctx, params.id),
});

export const postAdditionalCost = endpoint<{ id: string }>({
  method: "POST",
  path: "/jobs/{id}/additional-costs/save",
  summary:
    "Add an additional cost to a job, or change one (id): category (travel|equipment|food|other), equipment_category_id (equipment only, required there), amount (minor units, > 0), quantity (1–10000, default 1), note (≤ 500) [can_view_additional_costs]; 409 on an archived job",
  tag: "jobs",
  auth: "user",
  body: saveAdditionalCostInput,
  run: (ctx, { params, body }) => saveAdditionalCost(ctx, params.id, body),
});

export const deleteAdditionalCostEndpoint = endpoint<{ id: string }>({
  method: "DELETE",
  path: "/jobs/additional-costs/{id}",
  summary:
    "Delete an additional cost ({id} = the cost id) [can_view_additional_costs]; 409 on an archived job",
  tag: "jobs",
  auth: "user",
  run: (ctx, { params }) => deleteAdditionalCost(ctx, params.id),
});

export const additionalCostsEndpoints: Endpoint[] = [
  getAdditionalCosts,
  postAdditionalCost,
  deleteAdditionalCostEndpoint,
] as Endpoint[];
