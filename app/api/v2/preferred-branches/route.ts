import { route } from "@/lib/http/route";
import { getPreferredBranches } from "@/lib/http/api/reference";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getPreferredBranches);
