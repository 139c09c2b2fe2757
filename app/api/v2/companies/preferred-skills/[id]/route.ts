import { route } from "@/lib/http/route";
import { getCompanyPreferredSkills } from "@/lib/http/api/companies";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getCompanyPreferredSkills);
