import { route } from "@/lib/http/route";
import { postTwoFactorOff } from "@/lib/http/api/users";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(postTwoFactorOff);
