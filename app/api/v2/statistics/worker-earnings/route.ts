import { route } from "@/lib/http/route";
import { getStatisticsWorkerEarnings } from "@/lib/http/api/statistics";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getStatisticsWorkerEarnings);
