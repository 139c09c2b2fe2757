import { route } from "@/lib/http/route";
import { getBranches, postBranch } from "@/lib/http/api/geo";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getBranches, postBranch);
