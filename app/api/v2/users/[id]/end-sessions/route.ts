import { route } from "@/lib/http/route";
import { postEndSessions } from "@/lib/http/api/users";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(postEndSessions);
