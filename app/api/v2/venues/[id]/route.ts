import { route } from "@/lib/http/route";
import { deleteVenueEndpoint, getVenueById, putVenue } from "@/lib/http/api/venues";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(
  getVenueById,
  putVenue,
  deleteVenueEndpoint,
);
