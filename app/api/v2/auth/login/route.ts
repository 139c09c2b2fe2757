import { route } from "@/lib/http/route";
import { authLogin } from "@/lib/http/api/auth";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(authLogin);
