"use server";

import { runAction } from "@/lib/http/action";
import { saveWorkerCard } from "@/lib/services/rates";

export async function saveWorkerCardAction(input: {
  branch_id: number;
  currency_id: number;
  user_id?: number;
  rates: ({ skill_id: number } & Record<string, number | string | null>)[];
}) {
  return runAction((ctx) => saveWorkerCard(ctx, input));
}
