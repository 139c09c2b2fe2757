import { route } from "@/lib/http/route";
import { getClientsWithJobs } from "@/lib/http/api/jobs";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getClientsWithJobs);
