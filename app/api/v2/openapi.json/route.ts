import { route } from "@/lib/http/route";
import { openApi } from "@/lib/http/api";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(openApi);
