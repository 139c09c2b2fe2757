import type { Endpoint } from "../endpoint";
import { endpoint } from "../endpoint";
import {
  approveVenue,
  cloneVenue,
  createVenue,
  createVenueInput,
  declineVenue,
  deleteVenue,
  getVenue,
  listVenues,
  updateVenue,
  updateVenueInput,
  venuesListInput,
} from "@/lib/services/venues";

type IdParams = { id: string };

export const getVenues = endpoint({
  method: "GET",
  path: "/venues",
  summary:
    "Venues in your scope (10 a page): tab=public|mine|all, filter[search] (name or city), filter[status], filter[company_id], filter[country_id]",
  tag: "venues",
  auth: "user",
  query: venuesListInput,
  paginated: true,
  run: (ctx, { query }) => listVenues(ctx, query),
});

export const postVenue = endpoint({
  method: "POST",
  path: "/venues",
  summary:
    "Create a venue; a client contact's is its company's and awaits approval, staff may publish at once (public)",
  tag: "venues",
  auth: "user",
  body: createVenueInput,
  status: 201,
  run: (ctx, { body }) => createVenue(ctx, body),
});

export const getVenueById = endpoint<IdParams>({
  method: "GET",
  path: "/venues/{id}",
  summary: "One venue (a numeric id, else 422 'A valid branch id is required')",
  tag: "venues",
  auth: "user",
  run: (ctx, { params }) => getVenue(ctx, params.id),
});

export const putVenue = endpoint<IdParams>({
  method: "PUT",
  path: "/venues/{id}",
  summary: "Change a venue's details (the fields given)",
  tag: "venues",
  auth: "user",
  body: updateVenueInput,
  run: (ctx, { params, body }) => updateVenue(ctx, params.id, body),
});

export const deleteVenueEndpoint = endpoint<IdParams>({
  method: "DELETE",
  path: "/venues/{id}",
  summary: "Delete a venue (archived when jobs or clones refer to it)",
  tag: "venues",
  auth: "user",
  run: (ctx, { params }) => deleteVenue(ctx, params.id),
});

export const postVenueMakePublic = endpoint<IdParams>({
  method: "POST",
  path: "/venues/{id}/make-public",
  summary: "Approve a venue awaiting approval (staff only)",
  tag: "venues",
  auth: "user",
  run: (ctx, { params }) => approveVenue(ctx, params.id),
});

export const postVenueDecline = endpoint<IdParams>({
  method: "POST",
  path: "/venues/{id}/decline",
  summary: "Decline a venue awaiting approval (staff only)",
  tag: "venues",
  auth: "user",
  run: (ctx, { params }) => declineVenue(ctx, params.id),
});

export const postVenueClone = endpoint<IdParams>({
  method: "POST",
  path: "/venues/{id}/clone",
  summary: "Copy a public venue into My venues",
  tag: "venues",
  auth: "user",
  status: 201,
  run: (ctx, { params }) => cloneVenue(ctx, params.id),
});

export const venuesEndpoints: Endpoint[] = [
  getVenues,
  postVenue,
  getVenueById,
  putVenue,
  deleteVenueEndpoint,
  postVenueMakePublic,
  postVenueDecline,
  postVenueClone,
] as Endpoint[];
