import { route } from "@/lib/http/route";
import { deletePresetEndpoint } from "@/lib/http/api/rates";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(deletePresetEndpoint);
