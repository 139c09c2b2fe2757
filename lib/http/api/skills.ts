import type { Endpoint } from "../endpoint";
import { endpoint } from "../endpoint";
import {
  createSkill,
  createSkillInput,
  deleteSkill,
  getSkill,
  listSkillTree,
  saveSkillWeights,
  updateSkillInput,
  skillsTreeInput,
  updateSkill,
} from "@/lib/services/skills";
import { weightsInput } from "@/lib/services/master-data";

// GET skills (the pickers' flat list, sort=order&order=asc) stays in ./reference.

export const postSkill = endpoint({
  method: "POST",
  path: "/skills",
  summary:
    "Create a parent skill, or a sub-skill of parent_id (name, description); names are unique per parent regardless of case",
  tag: "skills",
  auth: "user",
  body: createSkillInput,
  status: 201,
  run: (ctx, { body }) => createSkill(ctx, body),
});

export const getSkillTree = endpoint({
  method: "GET",
  path: "/skills/tree",
  summary:
    "The /skills screen's list: parent skills in order, 10 a page, each with its sub-skills and where each is used (page, perPage, filter[search])",
  tag: "skills",
  auth: "user",
  query: skillsTreeInput,
  paginated: true,
  run: (ctx, { query }) => listSkillTree(ctx, query),
});

export const postSkillWeights = endpoint({
  method: "POST",
  path: "/skills/save-weights",
  summary: "Save an order (ids, first first): every parent skill, or every sub-skill of one parent",
  tag: "skills",
  auth: "user",
  body: weightsInput,
  run: (ctx, { body }) => saveSkillWeights(ctx, body),
});

export const getSkillEndpoint = endpoint<{ id: string }>({
  method: "GET",
  path: "/skills/{id}",
  summary: "One live skill with where it is used (a parent skill with its sub-skills)",
  tag: "skills",
  auth: "user",
  run: (ctx, { params }) => getSkill(ctx, params.id),
});

export const putSkill = endpoint<{ id: string }>({
  method: "PUT",
  path: "/skills/{id}",
  summary:
    "Change a skill's name and description; parent_id moves a sub-skill to another parent skill (it goes last there)",
  tag: "skills",
  auth: "user",
  body: updateSkillInput,
  run: (ctx, { params, body }) => updateSkill(ctx, params.id, body),
});

export const deleteSkillEndpoint = endpoint<{ id: string }>({
  method: "DELETE",
  path: "/skills/{id}",
  summary:
    "Delete a skill: archived when used (jobs keep it), removed when not; 409 while a parent has sub-skills",
  tag: "skills",
  auth: "user",
  run: (ctx, { params }) => deleteSkill(ctx, params.id),
});

export const skillsEndpoints: Endpoint[] = [
  postSkill,
  getSkillTree,
  postSkillWeights,
  getSkillEndpoint,
  putSkill,
  deleteSkillEndpoint,
] as Endpoint[];
