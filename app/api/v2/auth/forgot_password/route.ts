import { route } from "@/lib/http/route";
import { postForgotPassword } from "@/lib/http/api/account";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(postForgotPassword);
