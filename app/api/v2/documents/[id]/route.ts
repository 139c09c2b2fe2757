import { route } from "@/lib/http/route";
import { deleteDocumentEndpoint, getDocumentEndpoint, putDocument } from "@/lib/http/api/documents";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(
  getDocumentEndpoint,
  putDocument,
  deleteDocumentEndpoint,
);
