"use server";

import type { z } from "zod";
import { runAction, runParsed } from "@/lib/http/action";
import { updateJob } from "@/lib/services/jobs/edit";
import { jobFormCompanyOptions } from "@/lib/services/jobs/form-options";
import { editJobInput } from "@/lib/services/jobs/schemas";
import { estimateCosts, type EstimateCostsInput } from "@/lib/services/rates/estimate";

export async function loadCompanyOptions(companyId: number) {
  return runAction((ctx) => jobFormCompanyOptions(ctx, companyId));
}

export async function updateJobAction(jobId: number, payload: z.input<typeof editJobInput>) {
  return runParsed(editJobInput, payload, (ctx, input) => updateJob(ctx, jobId, input));
}

/** The job form's live price estimate (the same verb as POST rates/client/estimate-costs). */
export async function estimateCostsAction(input: EstimateCostsInput) {
  return runAction((ctx) => estimateCosts(ctx, input));
}
