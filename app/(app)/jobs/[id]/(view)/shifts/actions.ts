"use server";

import { runAction } from "@/lib/http/action";
import { addCrewBoss, removeCrewBoss } from "@/lib/services/shifts";

export async function makeCrewBoss(shiftId: number, userId: number) {
  return runAction((ctx) => addCrewBoss(ctx, { shift_id: shiftId, user_id: userId }));
}

export async function dropCrewBoss(shiftId: number, userId: number) {
  return runAction((ctx) => removeCrewBoss(ctx, { shift_id: shiftId, user_id: userId }));
}
