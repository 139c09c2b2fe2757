import { route } from "@/lib/http/route";
import { postAddCrewBoss } from "@/lib/http/api/shifts";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(postAddCrewBoss);
