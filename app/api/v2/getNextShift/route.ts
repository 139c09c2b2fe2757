import { handle } from "@/lib/http/endpoint";
import { getNextShift } from "@/lib/http/api/worker";

export const GET = handle(getNextShift);
