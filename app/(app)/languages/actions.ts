"use server";

import type { z } from "zod";
import { runAction, runParsed } from "@/lib/http/action";
import {
  createLanguage,
  deleteLanguage,
  languageInput,
  updateLanguage,
} from "@/lib/services/languages";

type LanguageValues = z.input<typeof languageInput>;

export async function createLanguageAction(values: LanguageValues) {
  return runParsed(languageInput, values, createLanguage);
}

export async function updateLanguageAction(id: number, values: LanguageValues) {
  return runParsed(languageInput, values, (ctx, input) => updateLanguage(ctx, id, input));
}

export async function deleteLanguageAction(id: number) {
  return runAction((ctx) => deleteLanguage(ctx, id));
}
