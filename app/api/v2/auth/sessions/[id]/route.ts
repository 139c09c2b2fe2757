import { route } from "@/lib/http/route";
import { deleteSession } from "@/lib/http/api/account";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(deleteSession);
