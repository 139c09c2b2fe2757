import { route } from "@/lib/http/route";
import { getOnCall, postOnCall } from "@/lib/http/api/records";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getOnCall, postOnCall);
