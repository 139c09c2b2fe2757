import { route } from "@/lib/http/route";
import { deleteBranchEndpoint, getBranchEndpoint, putBranch } from "@/lib/http/api/geo";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(
  getBranchEndpoint,
  putBranch,
  deleteBranchEndpoint,
);
