import { handle } from "@/lib/http/endpoint";
import { getBranches } from "@/lib/http/api/reference";

export const GET = handle(getBranches);
