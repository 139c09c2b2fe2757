"use server";

import type { z } from "zod";
import { runAction, runParsed } from "@/lib/http/action";
import {
  createEquipmentCategory,
  deleteEquipmentCategory,
  equipmentCategoryInput,
  updateEquipmentCategory,
} from "@/lib/services/equipment-categories";

type EquipmentCategoryValues = z.input<typeof equipmentCategoryInput>;

export async function createEquipmentCategoryAction(values: EquipmentCategoryValues) {
  return runParsed(equipmentCategoryInput, values, createEquipmentCategory);
}

export async function updateEquipmentCategoryAction(id: number, values: EquipmentCategoryValues) {
  return runParsed(equipmentCategoryInput, values, (ctx, input) =>
    updateEquipmentCategory(ctx, id, input),
  );
}

export async function deleteEquipmentCategoryAction(id: number) {
  return runAction((ctx) => deleteEquipmentCategory(ctx, id));
}
