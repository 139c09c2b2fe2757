import { route } from "@/lib/http/route";
import { getDocuments, postDocument } from "@/lib/http/api/documents";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getDocuments, postDocument);
