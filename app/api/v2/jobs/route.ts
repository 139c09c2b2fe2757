import { handle } from "@/lib/http/endpoint";
import { getJobs, postJob } from "@/lib/http/api/jobs";

export const GET = handle(getJobs);
export const POST = handle(postJob);
