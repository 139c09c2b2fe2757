import { route } from "@/lib/http/route";
import { getPermissions, postPermission } from "@/lib/http/api/roles";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getPermissions, postPermission);
