import { route } from "@/lib/http/route";
import { getCalendarFeed } from "@/lib/http/api/user-calendar";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getCalendarFeed);
