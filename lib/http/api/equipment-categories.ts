import type { Endpoint } from "../endpoint";
import { endpoint } from "../endpoint";
import {
  createEquipmentCategory,
  deleteEquipmentCategory,
  equipmentCategoriesListInput,
  equipmentCategoryInput,
  getEquipmentCategory,
  listEquipmentCategories,
  updateEquipmentCategory,
} from "@/lib/services/equipment-categories";

export const getEquipmentCategories = endpoint({
  method: "GET",
  path: "/equipment-categories",
  summary:
    "Live equipment categories by name, 10 a page: page, perPage, filter[search] [equipment_category_access]. all=1: every live category on one page, for pickers (any signed-in user)",
  tag: "equipment-categories",
  auth: "user",
  query: equipmentCategoriesListInput,
  paginated: true,
  run: (ctx, { query }) => listEquipmentCategories(ctx, query),
});

export const postEquipmentCategory = endpoint({
  method: "POST",
  path: "/equipment-categories",
  summary:
    "Create an equipment category (name, description); names are unique regardless of case [equipment_category_access]",
  tag: "equipment-categories",
  auth: "user",
  body: equipmentCategoryInput,
  status: 201,
  run: (ctx, { body }) => createEquipmentCategory(ctx, body),
});

export const getEquipmentCategoryEndpoint = endpoint<{ id: string }>({
  method: "GET",
  path: "/equipment-categories/{id}",
  summary: "One live equipment category [equipment_category_access]",
  tag: "equipment-categories",
  auth: "user",
  run: (ctx, { params }) => getEquipmentCategory(ctx, params.id),
});

export const putEquipmentCategory = endpoint<{ id: string }>({
  method: "PUT",
  path: "/equipment-categories/{id}",
  summary: "Change an equipment category's name and description [equipment_category_access]",
  tag: "equipment-categories",
  auth: "user",
  body: equipmentCategoryInput,
  run: (ctx, { params, body }) => updateEquipmentCategory(ctx, params.id, body),
});

export const deleteEquipmentCategoryEndpoint = endpoint<{ id: string }>({
  method: "DELETE",
  path: "/equipment-categories/{id}",
  summary:
    "Delete an equipment category; one in use is archived instead (archived: true) [equipment_category_access]",
  tag: "equipment-categories",
  auth: "user",
  run: (ctx, { params }) => deleteEquipmentCategory(ctx, params.id),
});

export const equipmentCategoriesEndpoints: Endpoint[] = [
  getEquipmentCategories,
  postEquipmentCategory,
  getEquipmentCategoryEndpoint,
  putEquipmentCategory,
  deleteEquipmentCategoryEndpoint,
] as Endpoint[];
