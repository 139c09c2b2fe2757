import { route } from "@/lib/http/route";
import { getUserMessages } from "@/lib/http/api/notifications";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getUserMessages);
