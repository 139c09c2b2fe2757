"use server";

import type { z } from "zod";
import { runParsed } from "@/lib/http/action";
import { createJobFromTemplate, updateTemplate } from "@/lib/services/templates";
import { createJobFromTemplateInput, updateTemplateInput } from "@/lib/services/templates/schemas";

export async function updateTemplateAction(
  templateId: number,
  input: z.input<typeof updateTemplateInput>,
) {
  return runParsed(updateTemplateInput, input, async (ctx, values) => {
    const { message, template } = await updateTemplate(ctx, templateId, values);
    return { message, template };
  });
}

export async function createJobFromTemplateAction(
  templateId: number,
  input: z.input<typeof createJobFromTemplateInput>,
) {
  return runParsed(createJobFromTemplateInput, input, async (ctx, values) => ({
    id: (await createJobFromTemplate(ctx, templateId, values)).id,
  }));
}
