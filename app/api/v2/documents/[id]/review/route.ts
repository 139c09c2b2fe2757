import { route } from "@/lib/http/route";
import { postDocumentReview } from "@/lib/http/api/document-review";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(postDocumentReview);
