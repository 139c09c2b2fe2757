import { route } from "@/lib/http/route";
import { postVenueMakePublic } from "@/lib/http/api/venues";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(postVenueMakePublic);
