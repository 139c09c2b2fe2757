import { route } from "@/lib/http/route";
import { postChatRead } from "@/lib/http/api/chat";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(postChatRead);
