import { handle } from "@/lib/http/endpoint";
import { getClientsWithJobs } from "@/lib/http/api/jobs";

export const GET = handle(getClientsWithJobs);
