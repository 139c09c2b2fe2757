import { route } from "@/lib/http/route";
import { postRemoveCrewBoss } from "@/lib/http/api/shifts";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(postRemoveCrewBoss);
