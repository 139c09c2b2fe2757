import { route } from "@/lib/http/route";
import { getStatisticsRevenue } from "@/lib/http/api/statistics";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getStatisticsRevenue);
