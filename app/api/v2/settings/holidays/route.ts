import { route } from "@/lib/http/route";
import { getSettingsHolidays, postSettingsHoliday } from "@/lib/http/api/settings";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(
  getSettingsHolidays,
  postSettingsHoliday,
);
