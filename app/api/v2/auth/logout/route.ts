import { handle } from "@/lib/http/endpoint";
import { authLogout } from "@/lib/http/api/auth";

export const POST = handle(authLogout);
