"use server";

import type { z } from "zod";
import { runAction, runParsed } from "@/lib/http/action";
import {
  createLevel,
  deleteLevel,
  levelInput,
  saveLevelWeights,
  updateLevel,
} from "@/lib/services/levels";

type LevelValues = z.input<typeof levelInput>;

export async function createLevelAction(values: LevelValues) {
  return runParsed(levelInput, values, createLevel);
}

export async function updateLevelAction(id: number, values: LevelValues) {
  return runParsed(levelInput, values, (ctx, input) => updateLevel(ctx, id, input));
}

export async function deleteLevelAction(id: number) {
  return runAction((ctx) => deleteLevel(ctx, id));
}

export async function saveLevelWeightsAction(ids: number[]) {
  return runAction((ctx) => saveLevelWeights(ctx, { ids }));
}
