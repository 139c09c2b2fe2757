import { handle } from "@/lib/http/endpoint";
import { getPendingShifts } from "@/lib/http/api/worker";

export const GET = handle(getPendingShifts);
