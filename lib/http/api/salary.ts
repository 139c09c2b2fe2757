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
  summary: `The salary overview: workers with salary lines in the period, hours, gross per currency, status draft | paid; filter[from], filter[to] (${PERIOD}), filter[branch_id], filter[country_id], filter[search]; sort name | hours (leading - for descending); 10 a page [salary_access]`,
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

export const salaryEndpoints: Endpoint[] = [
  postSkillsForMissingRates,
  postJobSalaries,
  getSalary,
  getSalaryReport,
  postSalarySummary,
  postSalaryPay,
] as Endpoint[];
