import { handle } from "@/lib/http/endpoint";
import { getPreferredVenues } from "@/lib/http/api/reference";

export const GET = handle(getPreferredVenues);
