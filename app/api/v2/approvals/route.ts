import { handle } from "@/lib/http/endpoint";
import { getApprovals } from "@/lib/http/api/hours";

export const GET = handle(getApprovals);
