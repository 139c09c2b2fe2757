import { route } from "@/lib/http/route";
import { apiDocs } from "@/lib/http/api";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(apiDocs);
