import { route } from "@/lib/http/route";
import { postSaveQuote } from "@/lib/http/api/quotes";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(postSaveQuote);
