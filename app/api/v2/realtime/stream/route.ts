import { route } from "@/lib/http/route";
import { getRealtimeStream } from "@/lib/http/api/realtime";

// A stream per request: never prerendered or cached.
export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getRealtimeStream);
