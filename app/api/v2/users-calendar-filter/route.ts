import { route } from "@/lib/http/route";
import { getUsersCalendarFilter } from "@/lib/http/api/user-calendar";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getUsersCalendarFilter);
