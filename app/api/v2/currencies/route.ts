import { route } from "@/lib/http/route";
import { getCurrencies } from "@/lib/http/api/geo";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getCurrencies);
