import { route } from "@/lib/http/route";
import { saveJobWorkerRatesEndpoint } from "@/lib/http/api/job-rates";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(saveJobWorkerRatesEndpoint);
