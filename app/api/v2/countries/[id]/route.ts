import { route } from "@/lib/http/route";
import { deleteCountryEndpoint, getCountryEndpoint, putCountry } from "@/lib/http/api/geo";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(
  getCountryEndpoint,
  putCountry,
  deleteCountryEndpoint,
);
