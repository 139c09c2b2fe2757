import { route } from "@/lib/http/route";
import { postAdditionalCost } from "@/lib/http/api/additional-costs";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(postAdditionalCost);
