import { route } from "@/lib/http/route";
import { postSendMessage } from "@/lib/http/api/chat";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(postSendMessage);
