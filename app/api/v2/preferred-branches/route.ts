import { handle } from "@/lib/http/endpoint";
import { getPreferredBranches } from "@/lib/http/api/reference";

export const GET = handle(getPreferredBranches);
