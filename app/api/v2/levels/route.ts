import { route } from "@/lib/http/route";
import { getLevels, postLevel } from "@/lib/http/api/levels";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getLevels, postLevel);
