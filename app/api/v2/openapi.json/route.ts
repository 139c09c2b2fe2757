import { handle } from "@/lib/http/endpoint";
import { openApi } from "@/lib/http/api";

export const GET = handle(openApi);
