import { route } from "@/lib/http/route";
import { getQuoteEndpoint } from "@/lib/http/api/quotes";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getQuoteEndpoint);
