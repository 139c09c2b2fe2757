"use server";

import { runAction } from "@/lib/http/action";
import { saveJobClientRates } from "@/lib/services/rates/job-rates";

/** `save_anyway` answers "this rate loses money" (410 rate_loses_money). */
export async function saveClientRates(
  jobId: number,
  rates: Record<string, unknown>[],
  flags: { save_anyway?: boolean } = {},
) {
  return runAction((ctx) =>
    saveJobClientRates(ctx, jobId, { rates, save_anyway: flags?.save_anyway === true }),
  );
}
