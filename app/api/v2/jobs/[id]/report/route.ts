import { route } from "@/lib/http/route";
import { getJobReport } from "@/lib/http/api/job-report";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getJobReport);
