import type { Endpoint } from "../endpoint";
import { endpoint } from "../endpoint";
import { currentSalaryRun } from "@/lib/services/salary/current-run";
import { startSalaryRunFields } from "@/lib/services/salary/run-start";
import { listPaySlips, listPaySlipsInput } from "@/lib/services/salary/slips-list";

export const getCurrentSalaryRun = endpoint({
  method: "GET",
  path: "/salary/run",
  summary:
    "The salary run of a period and scope that is waiting or running now, else the last one: from, to (YYYY-MM-DD or DD/MM/YYYY, or filter[from]/filter[to]), branch_id or country_id. Answers { run: { run_id, monitor_id, status (queued|running|done|failed), done, total, percent, errors, message, workers, lines, started_by, created_at, finished_at } } or { run: null } when none was started [salary_access]",
  tag: "salary",
  auth: "user",
  query: startSalaryRunFields,
  run: (ctx, { query }) => currentSalaryRun(ctx, query),
});

export const getPaySlipsList = endpoint({
  method: "GET",
  path: "/salary/slips-list",
  summary:
    "Pay slips, newest period first, then by worker; 10 a page: worker, period, totals per currency, hours, paid_at (null until every line of the period is paid). filter[from], filter[to] (slips whose period overlaps them), filter[branch_id] or filter[country_id], filter[user_id] (or self), filter[search] (name or e-mail) [salary_access: anyone's; otherwise one's own only, 403 for another user_id]",
  tag: "salary",
  auth: "user",
  query: listPaySlipsInput,
  paginated: true,
  run: (ctx, { query }) => listPaySlips(ctx, query),
});

export const salaryListEndpoints: Endpoint[] = [getCurrentSalaryRun, getPaySlipsList] as Endpoint[];
