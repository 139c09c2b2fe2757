import { route } from "@/lib/http/route";
import { getStatisticsWorkers } from "@/lib/http/api/statistics";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getStatisticsWorkers);
