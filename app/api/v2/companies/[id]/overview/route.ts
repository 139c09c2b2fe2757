import { route } from "@/lib/http/route";
import { getCompanyOverview } from "@/lib/http/api/companies";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getCompanyOverview);
