import { route } from "@/lib/http/route";
import { deleteEmailChange } from "@/lib/http/api/users-profile";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(deleteEmailChange);
