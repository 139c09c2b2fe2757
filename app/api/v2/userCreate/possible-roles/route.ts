import { route } from "@/lib/http/route";
import { getPossibleRoles } from "@/lib/http/api/users";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getPossibleRoles);
