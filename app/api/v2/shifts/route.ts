import { route } from "@/lib/http/route";
import { getShifts } from "@/lib/http/api/shifts";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getShifts);
