import { route } from "@/lib/http/route";
import { getSessions, deleteSessions } from "@/lib/http/api/account";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getSessions, deleteSessions);
