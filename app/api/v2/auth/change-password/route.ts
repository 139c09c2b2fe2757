import { route } from "@/lib/http/route";
import { postChangePassword } from "@/lib/http/api/account";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(postChangePassword);
