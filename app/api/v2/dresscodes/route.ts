import { route } from "@/lib/http/route";
import { getDressCodes, postDressCode } from "@/lib/http/api/dresscodes";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getDressCodes, postDressCode);
