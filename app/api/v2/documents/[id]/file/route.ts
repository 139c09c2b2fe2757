import { route } from "@/lib/http/route";
import { getDocumentFile } from "@/lib/http/api/documents";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getDocumentFile);
