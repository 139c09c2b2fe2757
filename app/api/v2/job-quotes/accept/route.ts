import { route } from "@/lib/http/route";
import { postAcceptQuote } from "@/lib/http/api/quotes";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(postAcceptQuote);
