"use server";

import type { z } from "zod";
import { runAction, runParsed } from "@/lib/http/action";
import { createJob } from "@/lib/services/jobs/create";
import { jobFormCompanyOptions } from "@/lib/services/jobs/form-options";
import { createJobInput } from "@/lib/services/jobs/schemas";
import { estimateCosts, type EstimateCostsInput } from "@/lib/services/rates/estimate";

export async function loadCompanyOptions(companyId: number) {
  return runAction((ctx) => jobFormCompanyOptions(ctx, companyId));
}

export async function createJobAction(payload: z.input<typeof createJobInput>) {
  return runParsed(createJobInput, payload, async (ctx, input) => ({
    id: (await createJob(ctx, input)).id,
  }));
}

/** The job form's live price estimate (the same verb as POST rates/client/estimate-costs). */
export async function estimateCostsAction(input: EstimateCostsInput) {
  return runAction((ctx) => estimateCosts(ctx, input));
}
