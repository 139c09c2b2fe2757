import type { Endpoint } from "../endpoint";
import { endpoint } from "../endpoint";
import { statistics, statisticsInput } from "@/lib/services/statistics";
import { fileDownload } from "../download";

const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

const FILTER =
  "Filter: start, end (YYYY-MM-DD, both included; default the last 12 months ending this month; end before start, a bad date or more than 3 years: 422), branch or filter[branches] (jobs booking from those branches), filter[company_id]. Answers { labels, series: [{ name, values, unit, currency?, stack? }] }; money in minor units, one series per currency, never added across currencies; hours as decimal hours";
const TIME =
  "One label per day (2026-10-05) when the range is at most 31 days, else per month (2026-10)";
const TOP = "The top 10 by value, then Other";
const STORED =
  "For a standard period of /insights (this month, last month, this quarter, the last 12 months) without a company or branch filter, the answer computed in the background at most 5 minutes ago, with as_of (ISO time it was computed); any other filter is computed for the call (no as_of)";
const GENERAL =
  "[can_view_statistics; a client contact its own company's figures (another filter[company_id]: 404); a worker 403]";
const REVENUE =
  "[can_view_earning_statistics; a client contact holding it its own company's figures (another filter[company_id]: 404); a worker 403]";
const OFFICE = "[can_view_earning_statistics; the office only: a client contact or a worker 403]";

type Verb = (ctx: Parameters<typeof statistics.jobs>[0], raw: unknown) => Promise<unknown>;

const stat = (path: string, summary: string, verb: Verb) =>
  endpoint({
    method: "GET",
    path: `/statistics/${path}`,
    summary: `${summary}. ${FILTER}`,
    tag: "statistics",
    auth: "user",
    query: statisticsInput,
    run: (ctx, { query }) => verb(ctx, query),
  });

export const getStatisticsJobs = stat(
  "jobs",
  `Jobs per day or month of their first shift: Jobs and Cancelled. ${TIME} ${GENERAL}`,
  statistics.jobs,
);
export const getStatisticsReportedHours = stat(
  "reportedHours",
  `Reported hours per day or month of their shift, Approved and Pending stacked. ${TIME} ${GENERAL}`,
  statistics.reportedHours,
);
export const getStatisticsJobsPerClient = stat(
  "jobs-per-client",
  `Jobs (not cancelled) per client. ${TOP}. ${STORED}. ${GENERAL}`,
  statistics.jobsPerClient,
);
export const getStatisticsUsers = stat(
  "users",
  `Users created per day or month: Workers, Client contacts, Office. ${TIME} ${GENERAL}`,
  statistics.users,
);
export const getStatisticsJobsByWorker = stat(
  "jobs-by-worker",
  `Jobs and shifts each worker filled. ${TOP}. ${STORED}. ${GENERAL}`,
  statistics.jobsByWorker,
);
export const getStatisticsHoursByWorker = stat(
  "hours-by-worker",
  `Each worker's reported hours, Approved and Pending stacked. ${TOP}. ${STORED}. ${GENERAL}`,
  statistics.hoursByWorker,
);
export const getStatisticsRevenue = stat(
  "revenue",
  `Revenue: the client price of approved hours (the job projection's pricing) per day or month, per currency. ${TIME} ${REVENUE}`,
  statistics.revenue,
);
export const getStatisticsClientRevenue = stat(
  "client-revenue",
  `Revenue per client, per currency. ${TOP}. ${STORED}. ${REVENUE}`,
  statistics.clientRevenue,
);
export const getStatisticsClientMargins = stat(
  "client-margins",
  `Per client and currency: Revenue, Costs (salary lines + additional costs) and Margin. ${TOP} by revenue. ${STORED}. ${OFFICE}`,
  statistics.clientMargins,
);
export const getStatisticsWorkerEarnings = stat(
  "worker-earnings",
  `Salary lines per day or month of their work date, Paid and Unpaid stacked per currency. ${TIME} ${OFFICE}`,
  statistics.workerEarnings,
);
export const getStatisticsConsolidatedExpenses = stat(
  "consolidated-expenses",
  `Salaries (salary lines) vs additional expenses per day or month, stacked per currency. ${TIME} ${OFFICE}`,
  statistics.consolidatedExpenses,
);

export const getStatisticsWorkers = endpoint({
  method: "GET",
  path: "/statistics/workers",
  summary: `Download Workers-statistics-YYYY-MM-DD.xlsx (the default period's file built in the background at most 5 minutes ago: Workers-statistics-YYYY-MM-DD-as-of-HH-MM.xlsx, agency time): one row per worker who filled a place in the range (no., name, e-mail, phone, jobs, shifts, approved and pending hours; earnings per currency from the salary lines for holders of can_view_earning_statistics, never a client contact). Same filter as the other statistics calls ${GENERAL}`,
  tag: "statistics",
  auth: "user",
  query: statisticsInput,
  run: async (ctx, { query }) => {
    const { stream, filename, size } = await statistics.workersXlsx(ctx, query);
    return fileDownload(stream, filename, XLSX, size);
  },
});

export const statisticsEndpoints: Endpoint[] = [
  getStatisticsJobs,
  getStatisticsReportedHours,
  getStatisticsJobsPerClient,
  getStatisticsUsers,
  getStatisticsJobsByWorker,
  getStatisticsHoursByWorker,
  getStatisticsRevenue,
  getStatisticsClientRevenue,
  getStatisticsClientMargins,
  getStatisticsWorkerEarnings,
  getStatisticsConsolidatedExpenses,
  getStatisticsWorkers,
] as Endpoint[];
