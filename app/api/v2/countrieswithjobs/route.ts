import { handle } from "@/lib/http/endpoint";
import { getCountriesWithJobs } from "@/lib/http/api/jobs";

export const GET = handle(getCountriesWithJobs);
