import { handle } from "@/lib/http/endpoint";
import { getJobShifts } from "@/lib/http/api/jobs";

export const GET = handle(getJobShifts);
