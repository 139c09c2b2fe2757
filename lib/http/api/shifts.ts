import type { Endpoint } from "../endpoint";
import { endpoint } from "../endpoint";
import {
  addCrewBoss,
  crewBossInput,
  getShiftSlot,
  listShifts,
  removeCrewBoss,
  shiftsListInput,
} from "@/lib/services/shifts";

export const postAddCrewBoss = endpoint({
  method: "POST",
  path: "/shifts/add-crew-boss",
  summary: "Make someone booked on a shift its crew boss (shift_id, user_id)",
  tag: "shifts",
  auth: "user",
  body: crewBossInput,
  run: (ctx, { body }) => addCrewBoss(ctx, body),
});

export const postRemoveCrewBoss = endpoint({
  method: "POST",
  path: "/shifts/remove-crew-boss",
  summary: "Remove a crew boss from a shift (shift_id, user_id)",
  tag: "shifts",
  auth: "user",
  body: crewBossInput,
  run: (ctx, { body }) => removeCrewBoss(ctx, body),
});

export const getShifts = endpoint({
  method: "GET",
  path: "/shifts",
  summary:
    "Shifts of jobs in scope: filter[job_id, company_id, skill_id, from, to (DD/MM/YYYY)], paged",
  tag: "shifts",
  auth: "user",
  query: shiftsListInput,
  paginated: true,
  run: (ctx, { query }) => listShifts(ctx, query),
});

export const getShiftSlotEndpoint = endpoint<{ id: string }>({
  method: "GET",
  path: "/shift-slots/{id}",
  summary: "A shift slot with its skill, shift, fill figure and applications",
  tag: "shifts",
  auth: "user",
  run: (ctx, { params }) => getShiftSlot(ctx, params.id),
});

export const shiftsEndpoints: Endpoint[] = [
  postAddCrewBoss as Endpoint,
  postRemoveCrewBoss as Endpoint,
  getShifts as Endpoint,
  getShiftSlotEndpoint as unknown as Endpoint,
];
