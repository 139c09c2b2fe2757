import { route } from "@/lib/http/route";
import { deleteRoleEndpoint, getRoleEndpoint, putRole } from "@/lib/http/api/roles";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(
  getRoleEndpoint,
  putRole,
  deleteRoleEndpoint,
);
