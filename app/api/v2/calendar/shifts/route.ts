import { route } from "@/lib/http/route";
import { getCalendarShifts } from "@/lib/http/api/calendar";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getCalendarShifts);
