import { route } from "@/lib/http/route";
import { deleteLevelEndpoint, getLevelEndpoint, putLevel } from "@/lib/http/api/levels";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(
  getLevelEndpoint,
  putLevel,
  deleteLevelEndpoint,
);
