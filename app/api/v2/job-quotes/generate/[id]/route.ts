import { route } from "@/lib/http/route";
import { getQuotePdf } from "@/lib/http/api/quotes";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getQuotePdf);
