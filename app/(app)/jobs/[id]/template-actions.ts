"use server";

import { runAction } from "@/lib/http/action";
import { createTemplate } from "@/lib/services/templates";

/** "Save as template" on the job page: the job's live shifts under a new template name. */
export async function saveJobAsTemplate(jobId: number, name: string) {
  return runAction(async (ctx) => {
    const template = await createTemplate(ctx, { job_id: jobId, name });
    return { id: template.id, name: template.name, shifts_count: template.shifts_count };
  });
}
