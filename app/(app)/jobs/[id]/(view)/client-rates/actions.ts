"use server";

import { runAction } from "@/lib/http/action";
import { saveJobClientRates } from "@/lib/services/rates/job-rates";

export async function saveClientRates(jobId: number, rates: Record<string, unknown>[]) {
  return runAction((ctx) => saveJobClientRates(ctx, jobId, { rates }));
}
