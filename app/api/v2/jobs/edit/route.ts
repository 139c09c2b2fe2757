import { handle } from "@/lib/http/endpoint";
import { getJobEdit } from "@/lib/http/api/jobs";

export const GET = handle(getJobEdit);
