import { handle } from "@/lib/http/endpoint";
import { authRefresh } from "@/lib/http/api/auth";

export const POST = handle(authRefresh);
