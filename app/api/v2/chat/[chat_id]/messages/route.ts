import { route } from "@/lib/http/route";
import { getChatMessages } from "@/lib/http/api/chat";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getChatMessages);
