import { handle } from "@/lib/http/endpoint";
import { getShiftSlotEndpoint } from "@/lib/http/api/shifts";

export const GET = handle(getShiftSlotEndpoint);
