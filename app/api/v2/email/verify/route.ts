import { route } from "@/lib/http/route";
import { postVerifyEmail } from "@/lib/http/api/account";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(postVerifyEmail);
