import { route } from "@/lib/http/route";
import { getJobClientRatesEndpoint } from "@/lib/http/api/job-rates";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getJobClientRatesEndpoint);
