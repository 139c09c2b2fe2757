import { route } from "@/lib/http/route";
import { postSendQuote } from "@/lib/http/api/quotes";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(postSendQuote);
