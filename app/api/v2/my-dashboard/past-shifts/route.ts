import { handle } from "@/lib/http/endpoint";
import { getPastShifts } from "@/lib/http/api/worker";

export const GET = handle(getPastShifts);
