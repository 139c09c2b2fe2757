import { handle } from "@/lib/http/endpoint";
import { getRules } from "@/lib/http/api/auth";

export const GET = handle(getRules);
