import { route } from "@/lib/http/route";
import { getCalendarJobs } from "@/lib/http/api/calendar";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getCalendarJobs);
