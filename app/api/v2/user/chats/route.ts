import { route } from "@/lib/http/route";
import { getUserChats } from "@/lib/http/api/chat";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getUserChats);
