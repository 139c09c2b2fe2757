"use server";

import { runAction } from "@/lib/http/action";
import {
  approveVenue,
  cloneVenue,
  createVenue,
  declineVenue,
  deleteVenue,
  updateVenue,
} from "@/lib/services/venues";

/** Creates (id null) or updates a venue from the venue form. */
export async function saveVenueAction(id: number | null, payload: Record<string, unknown>) {
  return runAction((ctx) =>
    id === null ? createVenue(ctx, payload) : updateVenue(ctx, id, payload),
  );
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
