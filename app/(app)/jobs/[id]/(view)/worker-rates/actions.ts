"use server";

import { runAction } from "@/lib/http/action";
import { saveJobWorkerRates } from "@/lib/services/rates/job-rates";

/** `save_anyway` answers "this rate loses money" (pay above the client's price). */
export async function saveWorkerRates(
  jobId: number,
  rates: Record<string, unknown>[],
  flags: { save_anyway?: boolean } = {},
) {
  return runAction((ctx) =>
    saveJobWorkerRates(ctx, jobId, { rates, save_anyway: flags?.save_anyway === true }),
  );
}
