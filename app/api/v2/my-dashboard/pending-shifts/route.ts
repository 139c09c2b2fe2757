import { route } from "@/lib/http/route";
import { getPendingShifts } from "@/lib/http/api/worker";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getPendingShifts);
