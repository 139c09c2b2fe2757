import { route } from "@/lib/http/route";
import { getDocumentTypes, postDocumentType } from "@/lib/http/api/documents";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getDocumentTypes, postDocumentType);
