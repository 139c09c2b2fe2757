import { route } from "@/lib/http/route";
import { postUndoApproveMatching } from "@/lib/http/api/hours";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(postUndoApproveMatching);
