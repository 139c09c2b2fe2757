import { route } from "@/lib/http/route";
import { authLogout } from "@/lib/http/api/auth";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(authLogout);
