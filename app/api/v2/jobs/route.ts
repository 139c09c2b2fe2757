import { route } from "@/lib/http/route";
import { getJobs, postJob } from "@/lib/http/api/jobs";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getJobs, postJob);
