import { route } from "@/lib/http/route";
import { deleteJobEndpoint, putJob } from "@/lib/http/api/jobs";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(putJob, deleteJobEndpoint);
