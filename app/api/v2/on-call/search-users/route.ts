import { route } from "@/lib/http/route";
import { getOnCallSearchUsers } from "@/lib/http/api/records";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getOnCallSearchUsers);
