"use server";

import type { z } from "zod";
import { runParsed } from "@/lib/http/action";
import { addCrewBoss, crewBossInput, removeCrewBoss } from "@/lib/services/shifts";

type CrewBoss = z.input<typeof crewBossInput>;

export async function makeCrewBoss(shiftId: CrewBoss["shift_id"], userId: CrewBoss["user_id"]) {
  return runParsed(crewBossInput, { shift_id: shiftId, user_id: userId }, addCrewBoss);
}

export async function dropCrewBoss(shiftId: CrewBoss["shift_id"], userId: CrewBoss["user_id"]) {
  return runParsed(crewBossInput, { shift_id: shiftId, user_id: userId }, removeCrewBoss);
}
