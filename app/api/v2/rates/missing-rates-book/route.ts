import { route } from "@/lib/http/route";
import { postMissingRatesBook } from "@/lib/http/api/applications";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(postMissingRatesBook);
