import { route } from "@/lib/http/route";
import { getEstimatedEarnings } from "@/lib/http/api/worker";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getEstimatedEarnings);
