"use server";

import { runAction } from "@/lib/http/action";
import { createJob } from "@/lib/services/jobs/create";
import { jobFormCompanyOptions } from "@/lib/services/jobs/form-options";

export async function loadCompanyOptions(companyId: number) {
  return runAction((ctx) => jobFormCompanyOptions(ctx, companyId));
}

export async function createJobAction(payload: Record<string, unknown>) {
  return runAction(async (ctx) => ({ id: (await createJob(ctx, payload)).id }));
}
