import { route } from "@/lib/http/route";
import { getPresets, postPreset } from "@/lib/http/api/rates";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getPresets, postPreset);
