import { route } from "@/lib/http/route";
import { postJobStatus } from "@/lib/http/api/jobs";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(postJobStatus);
