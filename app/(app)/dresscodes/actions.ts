"use server";

import type { z } from "zod";
import { runAction, runParsed } from "@/lib/http/action";
import {
  createDressCode,
  deleteDressCode,
  dressCodeInput,
  updateDressCode,
} from "@/lib/services/dresscodes";

type DressCodeValues = z.input<typeof dressCodeInput>;

export async function createDressCodeAction(values: DressCodeValues) {
  return runParsed(dressCodeInput, values, createDressCode);
}

export async function updateDressCodeAction(id: number, values: DressCodeValues) {
  return runParsed(dressCodeInput, values, (ctx, input) => updateDressCode(ctx, id, input));
}

export async function deleteDressCodeAction(id: number) {
  return runAction((ctx) => deleteDressCode(ctx, id));
}
