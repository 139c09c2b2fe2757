import { route } from "@/lib/http/route";
import { getRoster } from "@/lib/http/api/roster";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getRoster);
