import { handle } from "@/lib/http/endpoint";
import { getCountries } from "@/lib/http/api/reference";

export const GET = handle(getCountries);
