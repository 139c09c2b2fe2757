import { route } from "@/lib/http/route";
import { getApplicationChange } from "@/lib/http/api/applications";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getApplicationChange);
