import { handle } from "@/lib/http/endpoint";
import { getNewJobs } from "@/lib/http/api/worker";

export const GET = handle(getNewJobs);
