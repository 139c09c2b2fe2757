import { jobs, jobsPerClient, reportedHours, users } from "./activity";
import { hoursByWorker, jobsByWorker } from "./by-worker";
import {
  clientMargins,
  clientRevenue,
  consolidatedExpenses,
  revenue,
  workerEarnings,
} from "./earnings";
import { workersXlsx } from "./workers-xlsx";

export type { Statistics, StatisticsSeries, StatisticsUnit } from "./types";
export type { StatisticsInput, StatisticsFilter } from "./filter";
export { statisticsInput, axisOf, defaultRange } from "./filter";
export { WORKER_COLUMNS } from "./workers-xlsx";

/**
 * Every statistics call of spec §7 (GET statistics/…), one verb each: `(ctx, raw filter)`.
 * The filter (start, end, branch / filter[branches], filter[company_id]) and the axes are
 * described in ./filter.ts; the answer shape in ./types.ts.
 */
export const statistics = {
  jobs,
  reportedHours,
  jobsPerClient,
  users,
  jobsByWorker,
  hoursByWorker,
  revenue,
  clientRevenue,
  clientMargins,
  workerEarnings,
  consolidatedExpenses,
  workersXlsx,
};

export {
  jobs,
  reportedHours,
  jobsPerClient,
  users,
  jobsByWorker,
  hoursByWorker,
  revenue,
  clientRevenue,
  clientMargins,
  workerEarnings,
  consolidatedExpenses,
  workersXlsx,
};
