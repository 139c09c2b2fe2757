"use server";

import { runAction, runParsed } from "@/lib/http/action";
import {
  createSkill,
  createSkillInput,
  deleteSkill,
  saveSkillWeights,
  skillInput,
  updateSkill,
  type CreateSkillInput,
  type SkillInput,
} from "@/lib/services/skills";
import { weightsInput } from "@/lib/services/master-data";

export async function createSkillAction(values: CreateSkillInput) {
  return runParsed(createSkillInput, values, createSkill);
}

export async function updateSkillAction(id: number, values: SkillInput) {
  return runParsed(skillInput, values, (ctx, input) => updateSkill(ctx, id, input));
}

export async function deleteSkillAction(id: number) {
  return runAction((ctx) => deleteSkill(ctx, id));
}

export async function saveSkillWeightsAction(ids: number[]) {
  return runParsed(weightsInput, { ids }, saveSkillWeights);
}
