import { handle } from "@/lib/http/endpoint";
import { deleteJobEndpoint, putJob } from "@/lib/http/api/jobs";

export const PUT = handle(putJob);
export const DELETE = handle(deleteJobEndpoint);
