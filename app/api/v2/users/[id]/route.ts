import { route } from "@/lib/http/route";
import { getUser, putUser } from "@/lib/http/api/users-profile";
import { deleteUserEndpoint } from "@/lib/http/api/users";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(
  getUser,
  putUser,
  deleteUserEndpoint,
);
