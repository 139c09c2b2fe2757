import { route } from "@/lib/http/route";
import { getRules } from "@/lib/http/api/auth";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getRules);
