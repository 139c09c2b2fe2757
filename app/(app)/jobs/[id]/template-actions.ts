"use server";

import type { z } from "zod";
import { runParsed } from "@/lib/http/action";
import { createTemplate } from "@/lib/services/templates";
import { createTemplateFromJobInput } from "@/lib/services/templates/schemas";

type FromJob = z.input<typeof createTemplateFromJobInput>;

/** "Save as template" on the job page: the job's live shifts under a new template name. */
export async function saveJobAsTemplate(jobId: FromJob["job_id"], name: FromJob["name"]) {
  return runParsed(createTemplateFromJobInput, { job_id: jobId, name }, async (ctx, input) => {
    const template = await createTemplate(ctx, input);
    return { id: template.id, name: template.name, shifts_count: template.shifts_count };
  });
}
