import { handle } from "@/lib/http/endpoint";
import { getJobForView } from "@/lib/http/api/jobs";

export const GET = handle(getJobForView);
