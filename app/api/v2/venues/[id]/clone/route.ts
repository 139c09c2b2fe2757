import { handle } from "@/lib/http/endpoint";
import { postVenueClone } from "@/lib/http/api/venues";

export const POST = handle(postVenueClone);
