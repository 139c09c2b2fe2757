import { route } from "@/lib/http/route";
import { getApproveMatching, postApproveMatching } from "@/lib/http/api/hours";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(
  getApproveMatching,
  postApproveMatching,
);
