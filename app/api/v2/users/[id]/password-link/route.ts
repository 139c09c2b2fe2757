import { route } from "@/lib/http/route";
import { postPasswordLink } from "@/lib/http/api/users";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(postPasswordLink);
