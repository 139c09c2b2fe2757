import { route } from "@/lib/http/route";
import { postVenueDecline } from "@/lib/http/api/venues";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(postVenueDecline);
