import { handle } from "@/lib/http/endpoint";
import { postVenueDecline } from "@/lib/http/api/venues";

export const POST = handle(postVenueDecline);
