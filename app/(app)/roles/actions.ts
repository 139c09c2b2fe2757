"use server";

import { runAction, runParsed } from "@/lib/http/action";
import {
  createRole,
  deleteRole,
  roleInput,
  updateRole,
  type RoleInput,
} from "@/lib/services/roles";

export async function createRoleAction(values: RoleInput) {
  return runParsed(roleInput, values, createRole);
}

export async function updateRoleAction(id: number, values: RoleInput) {
  return runParsed(roleInput, values, (ctx, input) => updateRole(ctx, id, input));
}

export async function deleteRoleAction(id: number) {
  return runAction((ctx) => deleteRole(ctx, id));
}
