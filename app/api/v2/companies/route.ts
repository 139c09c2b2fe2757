import { handle } from "@/lib/http/endpoint";
import { getCompanies } from "@/lib/http/api/reference";

export const GET = handle(getCompanies);
