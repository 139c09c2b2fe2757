"use server";

import type { z } from "zod";
import { runAction, runParsed } from "@/lib/http/action";
import {
  approveVenue,
  cloneVenue,
  createVenue,
  createVenueInput,
  declineVenue,
  deleteVenue,
  updateVenue,
  updateVenueInput,
} from "@/lib/services/venues";

/** Creates (id null) or updates a venue from the venue form. */
export async function saveVenueAction(
  id: number | null,
  payload: z.input<typeof createVenueInput> & z.input<typeof updateVenueInput>,
) {
  return id === null
    ? runParsed(createVenueInput, payload, createVenue)
    : runParsed(updateVenueInput, payload, (ctx, input) => updateVenue(ctx, id, input));
}

export async function approveVenueAction(id: number) {
  return runAction((ctx) => approveVenue(ctx, id));
}

export async function declineVenueAction(id: number) {
  return runAction((ctx) => declineVenue(ctx, id));
}

export async function cloneVenueAction(id: number) {
  return runAction((ctx) => cloneVenue(ctx, id));
}

export async function deleteVenueAction(id: number) {
  return runAction((ctx) => deleteVenue(ctx, id));
}
