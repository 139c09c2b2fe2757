import { route } from "@/lib/http/route";
import { restoreBranchEndpoint } from "@/lib/http/api/geo";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(restoreBranchEndpoint);
