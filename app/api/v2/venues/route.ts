import { handle } from "@/lib/http/endpoint";
import { getVenues, postVenue } from "@/lib/http/api/venues";

export const GET = handle(getVenues);
export const POST = handle(postVenue);
