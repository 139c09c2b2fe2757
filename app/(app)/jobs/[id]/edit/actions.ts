"use server";

import type { z } from "zod";
import { runAction, runParsed } from "@/lib/http/action";
import { updateJob } from "@/lib/services/jobs/edit";
import { jobFormCompanyOptions } from "@/lib/services/jobs/form-options";
import { editJobInput } from "@/lib/services/jobs/schemas";

export async function loadCompanyOptions(companyId: number) {
  return runAction((ctx) => jobFormCompanyOptions(ctx, companyId));
}

export async function updateJobAction(jobId: number, payload: z.input<typeof editJobInput>) {
  return runParsed(editJobInput, payload, (ctx, input) => updateJob(ctx, jobId, input));
}
