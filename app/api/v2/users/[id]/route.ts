import { route } from "@/lib/http/route";
import { getUser, putUser } from "@/lib/http/api/users-profile";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getUser, putUser);
