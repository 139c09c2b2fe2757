import { route } from "@/lib/http/route";
import { getLanguages, postLanguage } from "@/lib/http/api/languages";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getLanguages, postLanguage);
