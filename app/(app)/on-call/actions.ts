"use server";

import { runAction, runParsed } from "@/lib/http/action";
import { addOnCall, addOnCallInput, removeOnCall } from "@/lib/services/on-call";

export async function addOnCallAction(userId: number) {
  return runParsed(addOnCallInput, { userId }, (ctx, input) => addOnCall(ctx, input));
}

export async function removeOnCallAction(userId: number) {
  return runAction((ctx) => removeOnCall(ctx, userId));
}
