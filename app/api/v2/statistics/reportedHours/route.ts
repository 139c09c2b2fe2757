import { route } from "@/lib/http/route";
import { getStatisticsReportedHours } from "@/lib/http/api/statistics";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getStatisticsReportedHours);
