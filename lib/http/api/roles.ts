import type { Endpoint } from "../endpoint";
import { endpoint } from "../endpoint";
import {
  createRole,
  deleteRole,
  getRole,
  listRoles,
  roleInput,
  rolesListInput,
  updateRole,
} from "@/lib/services/roles";
import {
  createPermission,
  deletePermission,
  getPermission,
  listPermissions,
  permissionInput,
  permissionsListInput,
  updatePermission,
} from "@/lib/services/permissions";

export const getRoles = endpoint({
  method: "GET",
  path: "/roles",
  summary:
    "Roles by id, 10 a page, each with how many users hold it and how many permissions it has: page, perPage, filter[search] (part of the title). Needs role_access",
  tag: "roles",
  auth: "user",
  query: rolesListInput,
  paginated: true,
  run: (ctx, { query }) => listRoles(ctx, query),
});

export const postRole = endpoint({
  method: "POST",
  path: "/roles",
  summary:
    "Create a role (title unique regardless of case, description, permission_ids). A holder who is not an administrator may grant only permissions it holds. Needs role_access",
  tag: "roles",
  auth: "user",
  body: roleInput,
  status: 201,
  run: (ctx, { body }) => createRole(ctx, body),
});

export const getRoleEndpoint = endpoint<{ id: string }>({
  method: "GET",
  path: "/roles/{id}",
  summary: "One role with its permission ids and names. Needs role_access",
  tag: "roles",
  auth: "user",
  run: (ctx, { params }) => getRole(ctx, params.id),
});

export const putRole = endpoint<{ id: string }>({
  method: "PUT",
  path: "/roles/{id}",
  summary:
    "Change a role's title, description and permission_ids (absent: unchanged). The five built-in roles keep their titles (422); the Administrator keeps every permission (422 when permission_ids leaves one out). Needs role_access",
  tag: "roles",
  auth: "user",
  body: roleInput,
  run: (ctx, { params, body }) => updateRole(ctx, params.id, body),
});

export const deleteRoleEndpoint = endpoint<{ id: string }>({
  method: "DELETE",
  path: "/roles/{id}",
  summary:
    "Delete a role nobody holds (409 naming how many users hold it); the built-in roles cannot be deleted (409). Needs role_access",
  tag: "roles",
  auth: "user",
  run: (ctx, { params }) => deleteRole(ctx, params.id),
});

export const getPermissions = endpoint({
  method: "GET",
  path: "/permissions",
  summary:
    "Permission strings by id, 10 a page, each with the roles holding it and whether the code checks it (built_in): page, perPage, filter[search]. Needs permission_access",
  tag: "permissions",
  auth: "user",
  query: permissionsListInput,
  paginated: true,
  run: (ctx, { query }) => listPermissions(ctx, query),
});

export const postPermission = endpoint({
  method: "POST",
  path: "/permissions",
  summary:
    "Add a permission string (name [a-z][a-z0-9_]*, unique; description), e.g. for an integration; the Administrator role holds it at once. Needs permission_access",
  tag: "permissions",
  auth: "user",
  body: permissionInput,
  status: 201,
  run: (ctx, { body }) => createPermission(ctx, body),
});

export const getPermissionEndpoint = endpoint<{ id: string }>({
  method: "GET",
  path: "/permissions/{id}",
  summary: "One permission with the roles holding it. Needs permission_access",
  tag: "permissions",
  auth: "user",
  run: (ctx, { params }) => getPermission(ctx, params.id),
});

export const putPermission = endpoint<{ id: string }>({
  method: "PUT",
  path: "/permissions/{id}",
  summary:
    "Change a permission's description, and its name unless the code checks it (422). Needs permission_access",
  tag: "permissions",
  auth: "user",
  body: permissionInput,
  run: (ctx, { params, body }) => updatePermission(ctx, params.id, body),
});

export const deletePermissionEndpoint = endpoint<{ id: string }>({
  method: "DELETE",
  path: "/permissions/{id}",
  summary:
    "Delete a permission the code does not check, with its role grants; one the code checks answers 409. Needs permission_access",
  tag: "permissions",
  auth: "user",
  run: (ctx, { params }) => deletePermission(ctx, params.id),
});

export const rolesEndpoints: Endpoint[] = [
  getRoles,
  postRole,
  getRoleEndpoint,
  putRole,
  deleteRoleEndpoint,
  getPermissions,
  postPermission,
  getPermissionEndpoint,
  putPermission,
  deletePermissionEndpoint,
] as Endpoint[];
