import { route } from "@/lib/http/route";
import {
  deletePermissionEndpoint,
  getPermissionEndpoint,
  putPermission,
} from "@/lib/http/api/roles";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(
  getPermissionEndpoint,
  putPermission,
  deletePermissionEndpoint,
);
