import { route } from "@/lib/http/route";
import { getCountries, postCountry } from "@/lib/http/api/geo";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getCountries, postCountry);
