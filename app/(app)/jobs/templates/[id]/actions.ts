"use server";

import { runAction } from "@/lib/http/action";
import { createJobFromTemplate, updateTemplate } from "@/lib/services/templates";

export async function updateTemplateAction(templateId: number, input: Record<string, unknown>) {
  return runAction(async (ctx) => {
    const { message, template } = await updateTemplate(ctx, templateId, input);
    return { message, template };
  });
}

export async function createJobFromTemplateAction(
  templateId: number,
  input: { date: string; name?: string; is_past?: boolean },
) {
  return runAction(async (ctx) => ({
    id: (await createJobFromTemplate(ctx, templateId, input)).id,
  }));
}
