import { route } from "@/lib/http/route";
import { getStatisticsJobs } from "@/lib/http/api/statistics";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getStatisticsJobs);
