import { route } from "@/lib/http/route";
import { getSearchUsersChat } from "@/lib/http/api/chat";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getSearchUsersChat);
