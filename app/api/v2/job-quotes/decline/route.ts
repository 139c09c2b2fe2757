import { route } from "@/lib/http/route";
import { postDeclineQuote } from "@/lib/http/api/quotes";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(postDeclineQuote);
