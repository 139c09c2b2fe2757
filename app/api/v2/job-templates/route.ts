import { route } from "@/lib/http/route";
import { getTemplates, postTemplate } from "@/lib/http/api/templates";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getTemplates, postTemplate);
