import { route } from "@/lib/http/route";
import { getVenues, postVenue } from "@/lib/http/api/venues";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getVenues, postVenue);
