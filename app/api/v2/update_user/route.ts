import { route } from "@/lib/http/route";
import { postUpdateUser } from "@/lib/http/api/users-profile";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(postUpdateUser);
