import type { Endpoint } from "../endpoint";
import { endpoint } from "../endpoint";
import {
  getJobClientRates,
  getJobWorkerRates,
  saveJobClientRates,
  saveJobClientRatesInput,
  saveJobWorkerRates,
  saveJobWorkerRatesInput,
} from "@/lib/services/rates/job-rates";

// The spec writes POST jobs/{jobId}/save-rates; the route folder beside jobs/{id}/… must use
// the same segment name, so the parameter is {id} here (the job id either way).
export const getJobClientRatesEndpoint = endpoint<{ id: string }>({
  method: "GET",
  path: "/jobs/{id}/client-rates",
  summary:
    "The job's client rates: per skill of its live slots (in skill order) the rate that applies (source job, card, parent-job or parent-card; null: none), prices in minor units, rate_worker, and a price example for the skill's first shift (split, total); the pricing branch, currency and when the cards were copied (copied_at) [rate_access; never a client contact]",
  tag: "jobs",
  auth: "user",
  run: (ctx, { params }) => getJobClientRates(ctx, params.id),
});

export const saveJobClientRatesEndpoint = endpoint<{ id: string }>({
  method: "POST",
  path: "/jobs/{id}/save-rates",
  summary:
    "Save the job's client card: rates [{ skill_id, standard_price, weekend_price, night_price, night_start, night_end, rate_worker }] (minor units, HH:mm; a night window needs a night price and vice versa); a row with every price empty removes the job's row (the card applies again) → \"Record updated successfully\" [rate_access]; 409 on an archived job or one without a pricing branch",
  tag: "jobs",
  auth: "user",
  body: saveJobClientRatesInput,
  run: (ctx, { params, body }) => saveJobClientRates(ctx, params.id, body),
});

export const getJobWorkerRatesEndpoint = endpoint<{ id: string }>({
  method: "GET",
  path: "/jobs/{id}/worker-rates",
  summary:
    "The job's worker pay: rows per skill × level (level_id null = any level; source job or card, own = the job has its own row) and per booked worker and skill (user_id; source of the rate that applies now), amounts in minor units with a price example [rate_access; never a client contact]",
  tag: "jobs",
  auth: "user",
  run: (ctx, { params }) => getJobWorkerRates(ctx, params.id),
});

export const saveJobWorkerRatesEndpoint = endpoint<{ id: string }>({
  method: "POST",
  path: "/jobs/{id}/save-worker-rates",
  summary:
    "Save the job's worker pay: rates [{ skill_id, level_id?, user_id? (a worker with a place on the job), amount, weekend_amount, night_amount, night_start, night_end }]; a row with every amount empty removes the job's row → \"Record updated successfully\" [rate_access]; 409 on an archived job",
  tag: "jobs",
  auth: "user",
  body: saveJobWorkerRatesInput,
  run: (ctx, { params, body }) => saveJobWorkerRates(ctx, params.id, body),
});

export const jobRatesEndpoints: Endpoint[] = [
  getJobClientRatesEndpoint,
  saveJobClientRatesEndpoint,
  getJobWorkerRatesEndpoint,
  saveJobWorkerRatesEndpoint,
] as Endpoint[];
