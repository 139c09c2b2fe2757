import { route } from "@/lib/http/route";
import { postQuoteClientData } from "@/lib/http/api/quotes";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(postQuoteClientData);
