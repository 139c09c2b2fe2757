import { route } from "@/lib/http/route";
import { authRefresh } from "@/lib/http/api/auth";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(authRefresh);
