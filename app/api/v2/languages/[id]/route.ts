import { route } from "@/lib/http/route";
import { deleteLanguageEndpoint, getLanguageEndpoint, putLanguage } from "@/lib/http/api/languages";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(
  getLanguageEndpoint,
  putLanguage,
  deleteLanguageEndpoint,
);
