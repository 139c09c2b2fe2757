"use server";

import { runAction } from "@/lib/http/action";
import { updateJob } from "@/lib/services/jobs/edit";
import { jobFormCompanyOptions } from "@/lib/services/jobs/form-options";

export async function loadCompanyOptions(companyId: number) {
  return runAction((ctx) => jobFormCompanyOptions(ctx, companyId));
}

export async function updateJobAction(jobId: number, payload: Record<string, unknown>) {
  return runAction((ctx) => updateJob(ctx, jobId, payload));
}
