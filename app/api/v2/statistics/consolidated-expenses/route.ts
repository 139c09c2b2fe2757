import { route } from "@/lib/http/route";
import { getStatisticsConsolidatedExpenses } from "@/lib/http/api/statistics";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getStatisticsConsolidatedExpenses);
