import { route } from "@/lib/http/route";
import { postUndoCheckOut } from "@/lib/http/api/worker";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(postUndoCheckOut);
