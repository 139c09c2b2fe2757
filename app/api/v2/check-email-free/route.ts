import { route } from "@/lib/http/route";
import { postCheckEmailFree } from "@/lib/http/api/account";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(postCheckEmailFree);
