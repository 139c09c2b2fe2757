"use server";

import { runAction } from "@/lib/http/action";
import { deleteTemplate } from "@/lib/services/templates";

export async function deleteTemplateAction(templateId: number) {
  return runAction((ctx) => deleteTemplate(ctx, templateId));
}
