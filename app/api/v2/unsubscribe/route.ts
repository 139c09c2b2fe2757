import { route } from "@/lib/http/route";
import { postUnsubscribe } from "@/lib/http/api/notifications";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(postUnsubscribe);
