import { route } from "@/lib/http/route";
import { getUsers, postUser } from "@/lib/http/api/users";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getUsers, postUser);
