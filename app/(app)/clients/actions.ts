"use server";

import type { z } from "zod";
import { runAction, runParsed } from "@/lib/http/action";
import {
  createCompany,
  createCompanyInput,
  deleteCompany,
  deleteCompanyFile,
  savePreferredSkills,
  updateCompany,
  updateCompanyInput,
} from "@/lib/services/companies";

/** Creates (id null) or updates a client from the client form. */
export async function saveClientAction(
  id: number | null,
  payload: z.input<typeof createCompanyInput> & z.input<typeof updateCompanyInput>,
) {
  return id === null
    ? runParsed(createCompanyInput, payload, createCompany)
    : runParsed(updateCompanyInput, payload, (ctx, input) => updateCompany(ctx, id, input));
}

export async function deleteClientAction(id: number) {
  return runAction((ctx) => deleteCompany(ctx, id));
}

export async function deleteClientFileAction(id: number, fileId: number) {
  return runAction((ctx) => deleteCompanyFile(ctx, id, fileId));
}

export async function savePreferredSkillsAction(companyId: number, skillIds: number[]) {
  return runAction((ctx) => savePreferredSkills(ctx, { company_id: companyId, query: skillIds }));
}
