import { handle } from "@/lib/http/endpoint";
import { getShiftCrewStatus } from "@/lib/http/api/crew";

export const GET = handle(getShiftCrewStatus);
