"use server";

import { runAction } from "@/lib/http/action";
import { createUser, validateUserStep } from "@/lib/services/users";

/** One wizard step checked on the server (the same rules as the final call). */
export async function validateUserStepAction(values: Record<string, unknown>) {
  return runAction((ctx) => validateUserStep(ctx, values));
}

export async function createUserAction(values: Record<string, unknown>) {
  return runAction((ctx) => createUser(ctx, values));
}
