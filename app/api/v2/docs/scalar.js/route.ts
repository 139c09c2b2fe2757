import { route } from "@/lib/http/route";
import { apiDocsScript } from "@/lib/http/api";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(apiDocsScript);
