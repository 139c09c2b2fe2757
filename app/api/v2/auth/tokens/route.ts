import { route } from "@/lib/http/route";
import { getTokens, deleteTokens } from "@/lib/http/api/account";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getTokens, deleteTokens);
