"use server";

import { runAction } from "@/lib/http/action";
import { createDressCode, deleteDressCode, updateDressCode } from "@/lib/services/dresscodes";

export interface DressCodeFormValues {
  name: string;
  description: string;
}

export async function createDressCodeAction(values: DressCodeFormValues) {
  return runAction((ctx) => createDressCode(ctx, values));
}

export async function updateDressCodeAction(id: number, values: DressCodeFormValues) {
  return runAction((ctx) => updateDressCode(ctx, id, values));
}

export async function deleteDressCodeAction(id: number) {
  return runAction((ctx) => deleteDressCode(ctx, id));
}
