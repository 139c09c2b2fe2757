"use server";

import { runAction } from "@/lib/http/action";
import { saveJobWorkerRates } from "@/lib/services/rates/job-rates";

export async function saveWorkerRates(jobId: number, rates: Record<string, unknown>[]) {
  return runAction((ctx) => saveJobWorkerRates(ctx, jobId, { rates }));
}
