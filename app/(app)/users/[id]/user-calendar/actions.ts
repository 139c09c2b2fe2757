"use server";

import { runAction } from "@/lib/http/action";
import { markUnavailableDays, unmarkUnavailableDays } from "@/lib/services/user-calendar";

// Thin adapters: the verbs parse their own input and check who may (lib/services/user-calendar).

export async function markUnavailableAction(userId: unknown, input: unknown) {
  return runAction((ctx) => markUnavailableDays(ctx, userId, input));
}

export async function unmarkUnavailableAction(userId: unknown, input: unknown) {
  return runAction((ctx) => unmarkUnavailableDays(ctx, userId, input));
}
