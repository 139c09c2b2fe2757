import { route } from "@/lib/http/route";
import { getActivityLog } from "@/lib/http/api/records";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getActivityLog);
