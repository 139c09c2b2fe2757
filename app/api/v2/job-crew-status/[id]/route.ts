import { handle } from "@/lib/http/endpoint";
import { getJobCrewStatus } from "@/lib/http/api/crew";

export const GET = handle(getJobCrewStatus);
