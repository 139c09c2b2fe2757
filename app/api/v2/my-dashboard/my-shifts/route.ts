import { handle } from "@/lib/http/endpoint";
import { getMyShifts } from "@/lib/http/api/worker";

export const GET = handle(getMyShifts);
