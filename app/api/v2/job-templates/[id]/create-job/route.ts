import { route } from "@/lib/http/route";
import { postJobFromTemplate } from "@/lib/http/api/templates";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(postJobFromTemplate);
