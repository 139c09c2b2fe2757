import { route } from "@/lib/http/route";
import { postEditQuote } from "@/lib/http/api/quotes";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(postEditQuote);
