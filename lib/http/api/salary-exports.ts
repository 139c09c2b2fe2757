import type { Endpoint } from "../endpoint";
import { endpoint } from "../endpoint";
import {
  listSalaryExports,
  salaryExportFile,
  salaryExportListInput,
  startSalaryExport,
} from "@/lib/services/salary/export";
import { startSalaryRunFields } from "@/lib/services/salary/run-start";
import { fileDownload } from "../download";

const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

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
    "The salary exports, newest first, 10 a page: period, scope (branch or country), file name, lines, who started it and when, status (queued|running|done|failed), percent, monitor_id, message [salary_access]",
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
    "Download a salary export's .xlsx again. 409 salary_export_running while it is being written; 404 when it failed or does not exist [salary_access]",
  tag: "salary",
  auth: "user",
  run: async (ctx, { params }) => {
    const { bytes, filename } = await salaryExportFile(ctx, params.id);
    return fileDownload(bytes, filename, XLSX);
  },
});

export const salaryExportEndpoints: Endpoint[] = [
  postSalaryHistory,
  getSalaryHistory,
  getSalaryHistoryFile,
] as Endpoint[];
