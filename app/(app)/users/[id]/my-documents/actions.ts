"use server";

import { runAction } from "@/lib/http/action";
import { deleteDocument } from "@/lib/services/documents";

export async function deleteDocumentAction(id: number) {
  return runAction((ctx) => deleteDocument(ctx, id));
}
