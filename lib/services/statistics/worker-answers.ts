import type { Db } from "@/db";
import { hoursByWorkerOf, jobsByWorkerOf } from "./by-worker";
import {
  chartItems,
  keyOf,
  standardFilters,
  sweepStoredAnswers,
  type StoredItems,
} from "./standard-answers";
import { workersDownloadKey, workersWorkbook } from "./workers-xlsx";

/**
 * What the background round keeps for /insights/workers (standard-answers.ts): both charts for
 * every standard period, and the workers download of the default period in its two variants
 * (with the earnings columns, for holders of can_view_earning_statistics, and without), each
 * computed by the functions a live call runs.
 */
const workerItems: StoredItems = (now) => {
  const items = chartItems({
    "jobs-by-worker": jobsByWorkerOf,
    "hours-by-worker": hoursByWorkerOf,
  })(now);
  const [period] = standardFilters(now);
  for (const pay of [true, false])
    items.set(keyOf(workersDownloadKey(pay), period), async (ctx) => ({
      content: new Uint8Array(
        await new Response(await workersWorkbook(ctx, period, pay)).arrayBuffer(),
      ),
    }));
  return items;
};

/** The background round of /insights/workers' stored answers and downloads. */
export function sweepWorkerAnswers(db: Db, options: { budgetMs?: number; now?: Date } = {}) {
  return sweepStoredAnswers(db, workerItems, options);
}
