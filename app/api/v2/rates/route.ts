import { route } from "@/lib/http/route";
import { getRates, postRates, putRates } from "@/lib/http/api/rates";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getRates, postRates, putRates);
