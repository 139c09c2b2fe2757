import { route } from "@/lib/http/route";
import { getRoles, postRole } from "@/lib/http/api/roles";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getRoles, postRole);
