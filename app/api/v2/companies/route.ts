import { route } from "@/lib/http/route";
import { getCompanies, postCompany } from "@/lib/http/api/companies";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getCompanies, postCompany);
