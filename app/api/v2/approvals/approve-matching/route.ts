import { route } from "@/lib/http/route";
import { postApproveMatching } from "@/lib/http/api/hours";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(postApproveMatching);
