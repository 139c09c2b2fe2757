import { route } from "@/lib/http/route";
import { getHelp } from "@/lib/http/api/help";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getHelp);
