import type { Db } from "@/db";
import { jobsPerClientOf } from "./activity";
import { hoursByWorkerOf, jobsByWorkerOf } from "./by-worker";
import { clientMarginsOf, clientRevenueOf } from "./earnings";
import {
  chartItems,
  keyOf,
  standardFilters,
  sweepStoredAnswers,
  type StoredItems,
} from "./standard-answers";
import { workersDownloadKey, workersWorkbook } from "./workers-xlsx";

/**
 * What the background round keeps (standard-answers.ts): the per-worker charts of
 * /insights/workers and the client charts of /insights and /insights/earnings for every
 * standard period, and the workers download of the default period in its two variants (with
 * the earnings columns, for holders of can_view_earning_statistics, and without), each computed
 * by the functions a live call runs. The client charts' answers do not depend on who asks once
 * the verb's scope has let the caller through (a client contact always has its company filter,
 * so never reads them), hence one answer each.
 */
const statisticsItems: StoredItems = (now) => {
  const items = chartItems({
    "jobs-by-worker": jobsByWorkerOf,
    "hours-by-worker": hoursByWorkerOf,
    "jobs-per-client": jobsPerClientOf,
    "client-revenue": clientRevenueOf,
    "client-margins": clientMarginsOf,
  })(now);
  const [period] = standardFilters(now);
  for (const pay of [true, false])
    items.set(keyOf(workersDownloadKey(pay), period), async (ctx) => ({
      // Streamed into the store as exceljs writes it, never whole in memory.
      file: await workersWorkbook(ctx, period, pay),
      ext: "xlsx",
    }));
  return items;
};

/** The background round of the statistics' stored answers and downloads. */
export function sweepStatisticsAnswers(db: Db, options: { budgetMs?: number; now?: Date } = {}) {
  return sweepStoredAnswers(db, statisticsItems, options);
}
