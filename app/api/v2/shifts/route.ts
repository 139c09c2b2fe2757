import { handle } from "@/lib/http/endpoint";
import { getShifts } from "@/lib/http/api/shifts";

export const GET = handle(getShifts);
