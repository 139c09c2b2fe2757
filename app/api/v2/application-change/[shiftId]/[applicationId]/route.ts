import { handle } from "@/lib/http/endpoint";
import { getApplicationChange } from "@/lib/http/api/applications";

export const GET = handle(getApplicationChange);
