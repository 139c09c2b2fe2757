import { route } from "@/lib/http/route";
import {
  deleteDocumentTypeEndpoint,
  getDocumentTypeEndpoint,
  putDocumentType,
} from "@/lib/http/api/documents";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(
  getDocumentTypeEndpoint,
  putDocumentType,
  deleteDocumentTypeEndpoint,
);
