import { route } from "@/lib/http/route";
import { getRecentlyPromoted } from "@/lib/http/api/applicants";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getRecentlyPromoted);
