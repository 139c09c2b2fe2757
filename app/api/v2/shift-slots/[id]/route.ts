import { route } from "@/lib/http/route";
import { getShiftSlotEndpoint } from "@/lib/http/api/shifts";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getShiftSlotEndpoint);
