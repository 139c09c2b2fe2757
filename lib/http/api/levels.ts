import type { Endpoint } from "../endpoint";
import { endpoint } from "../endpoint";
import { weightsInput } from "@/lib/services/master-data";
import {
  createLevel,
  deleteLevel,
  getLevel,
  levelInput,
  levelsListInput,
  listLevels,
  saveLevelWeights,
  updateLevel,
} from "@/lib/services/levels";

export const getLevels = endpoint({
  method: "GET",
  path: "/levels",
  summary:
    "Live levels in order (weight ascending: most junior first), 10 a page: page, perPage, filter[search] [level_access]. all=1: every live level on one page, without counts, for pickers (any signed-in user)",
  tag: "levels",
  auth: "user",
  query: levelsListInput,
  paginated: true,
  run: (ctx, { query }) => listLevels(ctx, query),
});

export const postLevel = endpoint({
  method: "POST",
  path: "/levels",
  summary:
    "Create a level (name, description) at the top of the order; names are unique regardless of case [level_access]",
  tag: "levels",
  auth: "user",
  body: levelInput,
  status: 201,
  run: (ctx, { body }) => createLevel(ctx, body),
});

export const getLevelEndpoint = endpoint<{ id: string }>({
  method: "GET",
  path: "/levels/{id}",
  summary: "One live level, with how many workers and rates hold it [level_access]",
  tag: "levels",
  auth: "user",
  run: (ctx, { params }) => getLevel(ctx, params.id),
});

export const putLevel = endpoint<{ id: string }>({
  method: "PUT",
  path: "/levels/{id}",
  summary: "Change a level's name and description [level_access]",
  tag: "levels",
  auth: "user",
  body: levelInput,
  run: (ctx, { params, body }) => updateLevel(ctx, params.id, body),
});

export const deleteLevelEndpoint = endpoint<{ id: string }>({
  method: "DELETE",
  path: "/levels/{id}",
  summary:
    "Delete a level; one that workers or rates hold is archived instead (archived: true) [level_access]",
  tag: "levels",
  auth: "user",
  run: (ctx, { params }) => deleteLevel(ctx, params.id),
});

export const postLevelWeights = endpoint({
  method: "POST",
  path: "/levels/saveWeights",
  summary:
    "Save the order of levels: ids = every live level once, most junior first; 422 and nothing changed otherwise [level_access]",
  tag: "levels",
  auth: "user",
  body: weightsInput,
  run: (ctx, { body }) => saveLevelWeights(ctx, body),
});

export const levelsEndpoints: Endpoint[] = [
  getLevels,
  postLevel,
  getLevelEndpoint,
  putLevel,
  deleteLevelEndpoint,
  postLevelWeights,
] as Endpoint[];
