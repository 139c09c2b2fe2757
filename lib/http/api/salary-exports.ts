import type { Endpoint } from "../endpoint";
import { endpoint } from "../endpoint";
import {
  listSalaryExports,
  salaryExportFile,
  salaryExportListInput,
  startPaySlipsExport,
  startSalaryExport,
} from "@/lib/services/salary/export";
import { startSalaryRunFields } from "@/lib/services/salary/run-start";
import { fileDownload } from "../download";

const asObject = (v: unknown): Record<string, unknown> =>
  v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

export const postSalaryHistory = endpoint({
  method: "POST",
  path: "/salary/history",
  summary:
    "Export a period's salary lines (draft and paid) for the bank or payroll system as an .xlsx named with the period and place ('Salary-2026-10-Copenhagen.xlsx'): from, to (YYYY-MM-DD or DD/MM/YYYY, or filter[from]/filter[to]), branch_id or country_id. Written in the background: answers { export_id, monitor_id, status: queued }; follow GET job-progress/{monitor_id}, then download GET salary/history/{export_id}. Sheets: Lines (one row per line with the worker's full bank details) and Totals (per currency and worker, and per currency). 404 without salary lines in the period, nothing queued; 409 salary_export_running while an export of the same period and scope waits or runs [salary_access]",
  tag: "salary",
  auth: "user",
  body: startSalaryRunFields,
  run: (ctx, { query, body }) => startSalaryExport(ctx, { ...query, ...asObject(body) }),
});

export const getSalaryHistory = endpoint({
  method: "GET",
  path: "/salary/history",
  summary:
    "The salary exports (the .xlsx of POST salary/history and the pay slip ZIPs of POST salary/slips), newest first, 10 a page: period, scope (branch or country), file name, format (xlsx|zip), lines, who started it and when, status (queued|running|done|failed), percent, monitor_id, message [salary_access]",
  tag: "salary",
  auth: "user",
  query: salaryExportListInput,
  paginated: true,
  run: (ctx, { query }) => listSalaryExports(ctx, query),
});

export const getSalaryHistoryFile = endpoint<{ id: string }>({
  method: "GET",
  path: "/salary/history/{id}",
  summary:
    "Download a salary export's file again (.xlsx, or .zip of pay slips). 409 salary_export_running while it is being written; 404 when it failed or does not exist [salary_access]",
  tag: "salary",
  auth: "user",
  run: async (ctx, { params }) => {
    const { bytes, filename, contentType } = await salaryExportFile(ctx, params.id);
    return fileDownload(bytes, filename, contentType);
  },
});

export const postSalarySlips = endpoint({
  method: "POST",
  path: "/salary/slips",
  summary:
    "Export every pay slip of a period as one ZIP of PDFs ('Pay slips October 2026 - Copenhagen.zip', one 'Pay slip October 2026 - <worker>.pdf' per worker with salary lines in the place): from, to (YYYY-MM-DD or DD/MM/YYYY, or filter[from]/filter[to]), branch_id or country_id. Written in the background like POST salary/history: answers { export_id, monitor_id, status: queued }; follow GET job-progress/{monitor_id}, then download GET salary/history/{export_id}; listed by GET salary/history. 404 without salary lines in the period, nothing queued; 409 salary_export_running while a ZIP of the same period and scope waits or runs [salary_access]",
  tag: "salary",
  auth: "user",
  body: startSalaryRunFields,
  run: (ctx, { query, body }) => startPaySlipsExport(ctx, { ...query, ...asObject(body) }),
});

export const salaryExportEndpoints: Endpoint[] = [
  postSalaryHistory,
  postSalarySlips,
  getSalaryHistory,
  getSalaryHistoryFile,
] as Endpoint[];
