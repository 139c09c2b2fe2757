import { route } from "@/lib/http/route";
import { deleteSettingsLogo, postSettingsLogo } from "@/lib/http/api/settings";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(
  postSettingsLogo,
  deleteSettingsLogo,
);
