import { NextResponse } from "next/server";
import type { Endpoint } from "../endpoint";
import { endpoint } from "../endpoint";
import {
  buildJobSalaries,
  jobSalariesInput,
  payInput,
  paySalary,
  salaryOverview,
  salaryOverviewInput,
  salaryPeriodInput,
  salaryReport,
  salaryReportInput,
  salarySummary,
  skillsForMissingRates,
} from "@/lib/services/salary";
import { paySlipInput, paySlipsZipInput } from "@/lib/services/salary/schemas";
import { paySlipPdf, paySlipsZip, ZIP_STREAM_MAX_WORKERS } from "@/lib/services/salary/slip";
import { fileDownload } from "../download";

const PERIOD =
  "from and to (YYYY-MM-DD or DD/MM/YYYY: the shifts' local dates, inclusive, at most a year)";

export const postSkillsForMissingRates = endpoint({
  method: "POST",
  path: "/skillsForMissingRates",
  summary: `The skills, each with its workers, of a period's approved and unpaid hours that no worker rate prices (zero: true for a zero job or custom rate); ${PERIOD}, branch_id or country_id [salary_access]`,
  tag: "salary",
  auth: "user",
  body: salaryPeriodInput,
  run: (ctx, { body }) => skillsForMissingRates(ctx, body),
});

export const postJobSalaries = endpoint({
  method: "POST",
  path: "/jobs/salaries",
  summary:
    "Build one job's salary lines from its approved hours (jobId, replaceZero: a zero job or custom rate is paid at the card rate), replacing its draft lines (paid lines stay) → { link: /salaryreports?job=ID, lines, workers }. 410 type MissingRates (details.skills) when hours have no rate, nothing written [salary_access]",
  tag: "salary",
  auth: "user",
  body: jobSalariesInput,
  run: (ctx, { body }) => buildJobSalaries(ctx, body),
});

export const getSalary = endpoint({
  method: "GET",
  path: "/salary",
  summary: `The salary overview: workers with salary lines in the period, hours, gross per currency, status draft | paid; filter[from], filter[to] (${PERIOD}), filter[branch_id], filter[country_id], filter[search]; sort name | hours (leading - for descending); 10 a page; cursor=start adds meta.next_cursor, cursor=<next_cursor> with page=<its page> reads the next page by keyset for every sort (a cursor of another sort or filter, or edited: 400 bad_cursor) [salary_access]`,
  tag: "salary",
  auth: "user",
  query: salaryOverviewInput,
  paginated: true,
  run: (ctx, { query }) => salaryOverview(ctx, query),
});

export const getSalaryReport = endpoint({
  method: "GET",
  path: "/salaryReport",
  summary:
    "One worker's (user_id, or self for the caller) or one job's (job_id) salary lines, optionally in a period (from, to), with minutes and rates per band, where the rate came from (job, custom, card), totals per currency and the worker's pay slips [salary_access; a worker its own user_id only]",
  tag: "salary",
  auth: "user",
  query: salaryReportInput,
  run: (ctx, { query }) => salaryReport(ctx, query),
});

export const postSalarySummary = endpoint({
  method: "POST",
  path: "/salary-reports-summary",
  summary: `A period's salary lines added up per currency, branch and skill, with minutes and amounts per band and what is paid, and totals per currency (never across currencies); ${PERIOD}, branch_id or country_id [salary_access]`,
  tag: "salary",
  auth: "user",
  body: salaryPeriodInput,
  run: (ctx, { body }) => salarySummary(ctx, body),
});

export const postSalaryPay = endpoint({
  method: "POST",
  path: "/salary/pay",
  summary: `Mark draft salary lines paid: a worker's period (user_id) or chosen line_ids within the period; ${PERIOD}. Each worker's pay slip of the period is created or updated with its totals per currency; lines already paid are left (idempotent); the hours behind paid lines are locked (409 on any change) [salary_access]`,
  tag: "salary",
  auth: "user",
  body: payInput,
  run: (ctx, { body }) => paySalary(ctx, body),
});

export const getPaySlip = endpoint({
  method: "GET",
  path: "/salary/slip",
  summary: `One worker's pay slip for a period as an A4 PDF ('Pay slip October 2026 - <name>.pdf'): its salary lines with bands and rates, gross per currency, what is already paid, the account masked, and that tax is not computed; user_id (or self), ${PERIOD}. 404 without salary lines in the period [salary_access; a worker its own only]`,
  tag: "salary",
  auth: "user",
  query: paySlipInput,
  run: async (ctx, { query }) => {
    const { bytes, filename } = await paySlipPdf(ctx, query);
    return fileDownload(bytes, filename, "application/pdf");
  },
});

export const getPaySlips = endpoint({
  method: "GET",
  path: "/salary/slips",
  summary: `Every pay slip of a period for the workers with salary lines in a branch (branch_id) or country (country_id), as one streamed ZIP of PDFs ('Pay slips October 2026 - <place>.zip'); ${PERIOD}. Past ${ZIP_STREAM_MAX_WORKERS} workers the ZIP is not streamed: it is exported in the background as by POST salary/slips and the answer is 202 { export_id, monitor_id, status: queued } (409 salary_export_running if one is already under way). 404 without salary lines [salary_access]`,
  tag: "salary",
  auth: "user",
  query: paySlipsZipInput,
  run: async (ctx, { query }) => {
    const zip = await paySlipsZip(ctx, query);
    if ("queued" in zip) return NextResponse.json(zip.queued, { status: 202 });
    return fileDownload(zip.stream, zip.filename, "application/zip");
  },
});

export const salaryEndpoints: Endpoint[] = [
  postSkillsForMissingRates,
  postJobSalaries,
  getSalary,
  getSalaryReport,
  postSalarySummary,
  postSalaryPay,
  getPaySlip,
  getPaySlips,
] as Endpoint[];
