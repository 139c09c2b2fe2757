import { route } from "@/lib/http/route";
import { postCheckHasRate } from "@/lib/http/api/applications";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(postCheckHasRate);
