import { route } from "@/lib/http/route";
import { postApplicationUndo } from "@/lib/http/api/applications";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(postApplicationUndo);
