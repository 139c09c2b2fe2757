import { handle } from "@/lib/http/endpoint";
import { postVenueMakePublic } from "@/lib/http/api/venues";

export const POST = handle(postVenueMakePublic);
