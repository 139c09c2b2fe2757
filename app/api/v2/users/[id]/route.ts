import { route } from "@/lib/http/route";
import { deleteUserEndpoint } from "@/lib/http/api/users";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(deleteUserEndpoint);
