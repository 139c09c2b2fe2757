import { route } from "@/lib/http/route";
import { postVenueClone } from "@/lib/http/api/venues";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(postVenueClone);
