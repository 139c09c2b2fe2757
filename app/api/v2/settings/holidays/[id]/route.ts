import { route } from "@/lib/http/route";
import { deleteSettingsHoliday } from "@/lib/http/api/settings";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(deleteSettingsHoliday);
