import { route } from "@/lib/http/route";
import { postForgotPasswordSave } from "@/lib/http/api/account";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(postForgotPasswordSave);
