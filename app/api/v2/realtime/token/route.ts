import { route } from "@/lib/http/route";
import { getRealtimeToken } from "@/lib/http/api/realtime";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getRealtimeToken);
