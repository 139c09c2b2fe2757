"use server";

import { runAction, runParsed } from "@/lib/http/action";
import {
  deleteAdditionalCost,
  saveAdditionalCost,
  saveAdditionalCostInput,
  type SaveAdditionalCostInput,
} from "@/lib/services/jobs/additional-costs-write";

export async function saveCost(jobId: number, input: SaveAdditionalCostInput) {
  return runParsed(saveAdditionalCostInput, input, (ctx, i) => saveAdditionalCost(ctx, jobId, i));
}

export async function removeCost(costId: number) {
  return runAction((ctx) => deleteAdditionalCost(ctx, costId));
}
