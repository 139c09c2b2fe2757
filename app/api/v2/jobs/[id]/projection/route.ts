import { route } from "@/lib/http/route";
import { getJobProjection } from "@/lib/http/api/projection";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getJobProjection);
