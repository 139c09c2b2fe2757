import { handle } from "@/lib/http/endpoint";
import { authLogin } from "@/lib/http/api/auth";

export const POST = handle(authLogin);
