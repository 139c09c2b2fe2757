"use server";

import { runAction, runParsed } from "@/lib/http/action";
import {
  createPermission,
  deletePermission,
  permissionInput,
  updatePermission,
  type PermissionInput,
} from "@/lib/services/permissions";

export async function createPermissionAction(values: PermissionInput) {
  return runParsed(permissionInput, values, createPermission);
}

export async function updatePermissionAction(id: number, values: PermissionInput) {
  return runParsed(permissionInput, values, (ctx, input) => updatePermission(ctx, id, input));
}

export async function deletePermissionAction(id: number) {
  return runAction((ctx) => deletePermission(ctx, id));
}
