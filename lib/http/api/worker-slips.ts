import type { Endpoint } from "../endpoint";
import { endpoint } from "../endpoint";
import { workerPaySlips } from "@/lib/services/salary/worker-slips";

export const getWorkerPaySlips = endpoint<{ id: string }>({
  method: "GET",
  path: "/users/{id}/pay-slips",
  summary:
    "A worker's pay slips, newest period first (the last 24): period, totals per currency (never added across currencies), hours, paid date and the GET salary/slip link of its PDF [the worker its own; salary_access any live user, else 404; everyone else 403]",
  tag: "salary",
  auth: "user",
  run: (ctx, { params }) => workerPaySlips(ctx, params.id),
});

export const workerSlipsEndpoints: Endpoint[] = [getWorkerPaySlips] as Endpoint[];
