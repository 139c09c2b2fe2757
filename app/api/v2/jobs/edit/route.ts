import { route } from "@/lib/http/route";
import { getJobEdit } from "@/lib/http/api/jobs";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getJobEdit);
