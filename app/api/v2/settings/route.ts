import { route } from "@/lib/http/route";
import { getSettingsEndpoint, putSettings } from "@/lib/http/api/settings";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getSettingsEndpoint, putSettings);
