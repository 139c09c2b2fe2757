import { route } from "@/lib/http/route";
import { getQuotes } from "@/lib/http/api/quotes";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getQuotes);
