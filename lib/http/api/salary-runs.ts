import type { Endpoint } from "../endpoint";
import { endpoint } from "../endpoint";
import { readJobProgress } from "@/lib/services/progress/monitors";
import { startSalaryRun, startSalaryRunFields } from "@/lib/services/salary/run-start";

const asObject = (v: unknown): Record<string, unknown> =>
  v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

export const postSalaryAll = endpoint({
  method: "POST",
  path: "/salary/all",
  summary:
    "Start the salary run of a period for a branch or a country in the background: from, to (YYYY-MM-DD or DD/MM/YYYY, in the body or as filter[from]/filter[to]), branch_id or country_id. Answers { run_id, monitor_id, status: queued }; follow it with GET job-progress/{monitor_id} [salary_access]; 409 salary_run_running while a run of the same period and scope waits or runs (details: its run_id and monitor_id); 410 type MissingRates (skills, details.skills with the workers) when approved hours of the scope have no worker rate, nothing queued",
  tag: "salary",
  auth: "user",
  body: startSalaryRunFields,
  run: (ctx, { query, body }) => startSalaryRun(ctx, { ...query, ...asObject(body) }),
});

export const getJobProgress = endpoint<{ id: string }>({
  method: "GET",
  path: "/job-progress/{id}",
  summary:
    "Progress of background work (a salary run or a salary export): { id, kind, status (queued|running|done|failed), done, total, percent (0–100, 100 once done), errors, message }. Its starter, or whoever holds the permission of its kind (salary_access for salary runs and exports); anyone else 404",
  tag: "salary",
  auth: "user",
  run: (ctx, { params }) => readJobProgress(ctx, params.id),
});

export const salaryRunEndpoints: Endpoint[] = [postSalaryAll, getJobProgress] as Endpoint[];
