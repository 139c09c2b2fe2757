"use server";

import type { z } from "zod";
import { runAction, runParsed } from "@/lib/http/action";
import {
  createDocumentType,
  deleteDocumentType,
  documentTypeInput,
  updateDocumentType,
} from "@/lib/services/document-types";

type DocumentTypeValues = z.input<typeof documentTypeInput>;

export async function createDocumentTypeAction(values: DocumentTypeValues) {
  return runParsed(documentTypeInput, values, createDocumentType);
}

export async function updateDocumentTypeAction(id: number, values: DocumentTypeValues) {
  return runParsed(documentTypeInput, values, (ctx, input) => updateDocumentType(ctx, id, input));
}

export async function deleteDocumentTypeAction(id: number) {
  return runAction((ctx) => deleteDocumentType(ctx, id));
}
