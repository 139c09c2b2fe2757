"use server";

import { runAction, runParsed } from "@/lib/http/action";
import {
  createSkill,
  createSkillInput,
  deleteSkill,
  saveSkillWeights,
  updateSkill,
  updateSkillInput,
  type CreateSkillInput,
  type UpdateSkillInput,
} from "@/lib/services/skills";
import { weightsInput } from "@/lib/services/master-data";

export async function createSkillAction(values: CreateSkillInput) {
  return runParsed(createSkillInput, values, createSkill);
}

export async function updateSkillAction(id: number, values: UpdateSkillInput) {
  return runParsed(updateSkillInput, values, (ctx, input) => updateSkill(ctx, id, input));
}

export async function deleteSkillAction(id: number) {
  return runAction((ctx) => deleteSkill(ctx, id));
}

export async function saveSkillWeightsAction(ids: number[]) {
  return runParsed(weightsInput, { ids }, saveSkillWeights);
}
