import { handle } from "@/lib/http/endpoint";
import { deleteVenueEndpoint, getVenueById, putVenue } from "@/lib/http/api/venues";

export const GET = handle(getVenueById);
export const PUT = handle(putVenue);
export const DELETE = handle(deleteVenueEndpoint);
