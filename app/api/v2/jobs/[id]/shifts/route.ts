import { route } from "@/lib/http/route";
import { getJobShifts } from "@/lib/http/api/jobs";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getJobShifts);
