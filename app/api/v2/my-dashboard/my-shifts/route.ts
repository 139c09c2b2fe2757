import { route } from "@/lib/http/route";
import { getMyShifts } from "@/lib/http/api/worker";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getMyShifts);
