"use server";

import { revalidatePath } from "next/cache";
import type { z } from "zod";
import { runAction, runParsed } from "@/lib/http/action";
import {
  createHelpCategory,
  deleteHelpCategory,
  helpCategoryInput,
  saveHelpCategoryWeights,
  updateHelpCategory,
} from "@/lib/services/help";

type HelpCategoryValues = z.input<typeof helpCategoryInput>;

export async function createHelpCategoryAction(values: HelpCategoryValues) {
  return runParsed(helpCategoryInput, values, createHelpCategory);
}

export async function updateHelpCategoryAction(id: number, values: HelpCategoryValues) {
  return runParsed(helpCategoryInput, values, (ctx, input) => updateHelpCategory(ctx, id, input));
}

export async function deleteHelpCategoryAction(id: number) {
  return runAction((ctx) => deleteHelpCategory(ctx, id));
}

export async function saveHelpCategoryWeightsAction(ids: number[]) {
  const result = await runAction((ctx) => saveHelpCategoryWeights(ctx, { ids }));
  // The table above the order list shows the categories in order too.
  if (result.ok) revalidatePath("/help-categories");
  return result;
}
