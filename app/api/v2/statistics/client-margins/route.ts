import { route } from "@/lib/http/route";
import { getStatisticsClientMargins } from "@/lib/http/api/statistics";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getStatisticsClientMargins);
