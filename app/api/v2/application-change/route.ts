import { route } from "@/lib/http/route";
import { postApplicationChange } from "@/lib/http/api/applications";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(postApplicationChange);
